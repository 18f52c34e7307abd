import { ZCoinAdjustment, ZCoinAdjustmentReply } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZAdjustCoinsInput = ZCoinAdjustment;
export const ZAdjustCoinsOutput = ZCoinAdjustmentReply;

export const adjustCoinsMeta: ProcedureMeta = {
  rest: {
    method: 'POST',
    path: '/api/admin/users/{id}/coins',
    paramFields: { id: 'userId' },
    summary: 'Add (positive) or remove (negative) coins with a reason: one admin_adjustment ledger row',
    tag: 'Admin',
    description: 'A removal larger than the balance is refused with 409 and changes nothing.',
    errors: [409],
  },
};
