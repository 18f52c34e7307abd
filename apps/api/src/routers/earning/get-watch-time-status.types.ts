import { ZWatchTimeStatus } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZGetWatchTimeStatusOutput = ZWatchTimeStatus;

export const getWatchTimeStatusMeta: ProcedureMeta = {
  rest: {
    method: 'GET',
    path: '/api/admin/watch-time/status',
    summary: "Watch-time service state, settings, today's statistics (UTC) and where viewers are read from",
    tag: 'Earning',
    description:
      'mode: real (the broadcaster authorized Twitch; chatters are read while live), simulated (not authorized, outside production: every viewer who verified their Twitch account counts; typed, unproven names are never paid) or unavailable (production without authorization: nothing is paid; modeReason says why).',
  },
};
