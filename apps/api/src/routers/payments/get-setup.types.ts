import { z } from 'zod';
import type { ProcedureMeta } from '../../procedure-meta';

/** Two shapes: the demo checkout (a notice, no client id) or PayPal (its client id, no notice). */
export const ZGetSetupOutput = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('demo'), clientId: z.null(), currency: z.literal('USD'), notice: z.string() }),
  z.object({ provider: z.literal('paypal'), clientId: z.string(), currency: z.literal('USD'), notice: z.null() }),
]);

export const getSetupMeta: ProcedureMeta = {
  rest: {
    method: 'GET',
    path: '/api/paypal/setup',
    summary: 'How the shop takes payments: PayPal (with the client id) or the demo checkout',
    tag: 'Payments',
    // Neither PayPal nor a demo checkout this caller may use.
    errors: [503],
  },
};
