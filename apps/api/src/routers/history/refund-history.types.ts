import { ZId, ZSuccessOut } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZRefundHistoryInput = ZId;
export const ZRefundHistoryOutput = ZSuccessOut;

export const refundHistoryMeta: ProcedureMeta = {
  rest: {
    method: 'POST',
    path: '/api/admin/refund-action/{id}',
    summary: 'Refund a trigger: its coins go back as a ledger row, once',
    tag: 'History',
    errors: [404, 409],
  },
};
