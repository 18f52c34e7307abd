import { ZStreamStatusOut } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZGetStatusOutput = ZStreamStatusOut;

export const getStatusMeta: ProcedureMeta = {
  rest: {
    method: 'GET',
    path: '/api/twitch/status',
    summary: 'Whether the stream is live, its game and the game type (minecraft, rust or any) that routes actions',
    tag: 'Stream',
    description:
      'Cached server-side for 30 s. When Twitch fails the last known state is answered with stale true, or offline; without credentials it reads offline with a note naming the missing setting.',
  },
};
