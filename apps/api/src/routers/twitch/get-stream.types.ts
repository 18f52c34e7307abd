import { ZStreamInfoOut } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZGetStreamOutput = ZStreamInfoOut;

export const getStreamMeta: ProcedureMeta = {
  rest: {
    method: 'GET',
    path: '/api/twitch/stream',
    summary: 'Live thumbnail, title, viewer count, profile image and the last broadcast',
    tag: 'Stream',
    description: 'Cached with the status (30 s); stale and note as for /api/twitch/status.',
  },
};
