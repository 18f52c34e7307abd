import { z } from 'zod';
import type { PlainRouteDoc } from '../openapi/plain-route-doc';
import { PAYPAL_WEBHOOK_PATH } from './webhook-route';

/** The reference's entry for POST /api/paypal/webhook (webhook-route.ts). */
export const paypalWebhookDoc: PlainRouteDoc = {
  method: 'POST',
  path: PAYPAL_WEBHOOK_PATH,
  summary: 'PayPal webhook events (capture completed, refunded, reversed)',
  tag: 'Payments',
  access: 'public',
  description:
    'Called by PayPal, not by clients. The raw body is verified through PayPal’s verify-webhook-signature call ' +
    'using the paypal-* transmission headers before anything changes. 503 while the shop takes no PayPal ' +
    'webhooks (demo checkout, or PAYPAL_WEBHOOK_ID unset) so PayPal retries later; 502 when PayPal cannot be asked.',
  body: z.looseObject({ id: z.string(), event_type: z.string(), resource: z.record(z.string(), z.unknown()) }),
  requestHeaders: {
    'paypal-auth-algo': 'signature algorithm',
    'paypal-cert-url': 'certificate URL',
    'paypal-transmission-id': 'transmission id',
    'paypal-transmission-sig': 'signature',
    'paypal-transmission-time': 'transmission time',
  },
  response: z.object({ status: z.literal('success'), message: z.string() }),
  errors: [502, 503],
};
