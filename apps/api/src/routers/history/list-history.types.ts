import { ZActionHistoryRecordOut, ZHistoryQuery } from '@shop/domain';
import { z } from 'zod';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZListHistoryInput = ZHistoryQuery;
export const ZListHistoryOutput = z.object({
  items: z.array(ZActionHistoryRecordOut),
  nextCursor: z.string().nullable(),
});

export const listHistoryMeta: ProcedureMeta = {
  rest: {
    method: 'GET',
    path: '/api/admin/action-history',
    summary: 'Action history, newest first, filtered; the next page starts at X-Next-Cursor',
    tag: 'History',
    paged: true,
  },
};
