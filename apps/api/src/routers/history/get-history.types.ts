import { ZActionHistoryRecordOut, ZDeliveryDetailOut, ZId } from '@shop/domain';
import { z } from 'zod';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZGetHistoryInput = ZId;
export const ZGetHistoryOutput = z.object({ record: ZActionHistoryRecordOut, deliveries: z.array(ZDeliveryDetailOut) });

export const getHistoryMeta: ProcedureMeta = {
  rest: {
    method: 'GET',
    path: '/api/admin/action-history/{id}',
    summary: "One trigger's delivery detail: each target, attempts, last error, response, timestamps",
    tag: 'History',
  },
};
