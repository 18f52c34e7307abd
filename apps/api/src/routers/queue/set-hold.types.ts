import { ZQueueHoldInput } from '@shop/domain';
import { z } from 'zod';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZSetHoldInput = ZQueueHoldInput;
export const ZSetHoldOutput = z.object({ held: z.boolean() });

export const setHoldMeta: ProcedureMeta = {
  rest: {
    method: 'PUT',
    path: '/api/admin/queue/hold',
    summary: 'Hold or release the queue: while held, triggers are accepted and charged but nothing is sent',
    tag: 'Queue',
  },
};
