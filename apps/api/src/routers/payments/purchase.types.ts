import { ZPurchase, ZPurchaseResultOut } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';
import type { ErrorStatus } from '../../rest/mapping';

export const ZPurchaseInput = ZPurchase;
export const ZPurchaseOutput = ZPurchaseResultOut;

// 403: the order was opened by another account.
const errors: ErrorStatus[] = [403, 404, 409, 422, 429, 502, 503];

/** Both spellings are in use by existing clients. */
export const purchaseMeta: ProcedureMeta = {
  rest: [
    {
      method: 'POST',
      path: '/api/purchases',
      summary: 'Capture a paid order and credit its coins, at most once per order',
      tag: 'Payments',
      errors,
    },
    {
      method: 'POST',
      path: '/api/purchase',
      summary: 'Same as POST /api/purchases (the older spelling)',
      tag: 'Payments',
      errors,
    },
  ],
};
