import { z } from 'zod';
import { PAYPAL_WEBHOOK_PATH } from '../payments/webhook-route';
import type { DocumentedRoute } from './document';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/**
 * /api routes served outside the REST adapter (they need the raw body, or answer something other
 * than a procedure's result), documented here so the reference lists every /api path.
 */
export const plainRouteDocs: DocumentedRoute[] = [
  {
    method: 'POST',
    url: PAYPAL_WEBHOOK_PATH,
    doc: {
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
    },
  },
  {
    method: 'GET',
    url: OPENAPI_PATH,
    doc: {
      summary: 'This document: OpenAPI 3.1 of every /api path',
      tag: 'Reference',
      access: 'public',
      unstructured: 'An OpenAPI 3.1.0 document (JSON)',
    },
  },
  {
    method: 'GET',
    url: DOCS_PATH,
    doc: {
      summary: 'The readable reference of every /api path (HTML)',
      tag: 'Reference',
      access: 'public',
      unstructured: 'An HTML page',
    },
  },
];
