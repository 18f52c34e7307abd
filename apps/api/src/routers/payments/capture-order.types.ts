import { ZCaptureOrder, ZPurchaseResultOut } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZCaptureOrderInput = ZCaptureOrder;
export const ZCaptureOrderOutput = ZPurchaseResultOut;

export const captureOrderMeta: ProcedureMeta = {
  rest: {
    method: 'POST',
    path: '/api/paypal/order/{orderId}/capture',
    summary: 'Capture a PayPal order and credit its coins, at most once per order',
    tag: 'Payments',
    inputFrom: 'query',
    // 403: the order was opened by another account.
    errors: [403, 409, 422, 429, 502, 503],
  },
};
