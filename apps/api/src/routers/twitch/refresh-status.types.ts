import { ZStreamStatusOut } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZRefreshStatusOutput = ZStreamStatusOut;

export const refreshStatusMeta: ProcedureMeta = {
  rest: {
    method: 'POST',
    path: '/api/twitch/refresh',
    summary: 'Refetch the stream status from Twitch now and answer it',
    tag: 'Stream',
    description: 'At most once per 5 s (per server); sooner answers 429 with Retry-After.',
    errors: [429],
  },
};
