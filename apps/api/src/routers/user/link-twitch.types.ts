import { ZLinkTwitch, ZUserOut } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZLinkTwitchInput = ZLinkTwitch;
export const ZLinkTwitchOutput = ZUserOut;

export const linkTwitchMeta: ProcedureMeta = {
  rest: {
    method: 'POST',
    path: '/api/user/link-twitch',
    summary: 'Link (or unlink with null) a Twitch name for watch-time rewards',
    tag: 'Accounts',
    errors: [409],
  },
};
