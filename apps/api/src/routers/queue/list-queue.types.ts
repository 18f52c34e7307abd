import { ZQueueOut } from '@shop/domain';
import { z } from 'zod';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZListQueueInput = z.void();
export const ZListQueueOutput = ZQueueOut;

export const listQueueMeta: ProcedureMeta = {
  rest: {
    method: 'GET',
    path: '/api/admin/queue',
    summary: 'Every trigger not yet at an end, oldest first, with its state, place in line and estimate',
    tag: 'Queue',
  },
};
