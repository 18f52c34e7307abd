import { z } from 'zod';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZStopAllInput = z.void();
export const ZStopAllOutput = z.object({ stopped: z.number().int().describe('running effects told to stop') });

export const stopAllMeta: ProcedureMeta = {
  rest: {
    method: 'POST',
    path: '/api/admin/queue/stop-all',
    summary: 'End every running timed effect now',
    tag: 'Queue',
  },
};
