import { ZId, ZResendResultOut } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZResendHistoryInput = ZId;
export const ZResendHistoryOutput = ZResendResultOut;

export const resendHistoryMeta: ProcedureMeta = {
  rest: {
    method: 'POST',
    path: '/api/admin/resend-action/{id}',
    summary: 'Deliver a settled trigger again to its targets (never moves money)',
    tag: 'History',
    errors: [409],
  },
};
