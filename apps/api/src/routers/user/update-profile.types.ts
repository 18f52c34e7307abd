import { ZProfileUpdate, ZUserOut } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZUpdateProfileInput = ZProfileUpdate;
export const ZUpdateProfileOutput = ZUserOut;

export const updateProfileMeta: ProcedureMeta = {
  rest: {
    method: 'PATCH',
    path: '/api/user/profile',
    summary: 'Change the display name and profile picture',
    tag: 'Accounts',
  },
};
