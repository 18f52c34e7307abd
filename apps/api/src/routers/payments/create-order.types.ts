import { ZCreateOrder, ZOrderCreatedOut } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

/**
 * The package is named by packageId, or by an amount equal to exactly one package's price (the
 * older payload): one of the two is required, which JSON Schema can say though zod's refine cannot.
 */
export const ZCreateOrderInput = ZCreateOrder.meta({
  anyOf: [{ required: ['packageId'] }, { required: ['amount'] }],
});
export const ZCreateOrderOutput = ZOrderCreatedOut;

export const createOrderMeta: ProcedureMeta = {
  rest: {
    method: 'POST',
    path: '/api/paypal/order',
    summary: 'Create a payment order for a coin package (the price comes from the package, never the client)',
    tag: 'Payments',
    errors: [404, 429, 502, 503],
  },
};
