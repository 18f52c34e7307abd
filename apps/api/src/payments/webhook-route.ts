import type { FastifyInstance, FastifyRequest } from 'fastify';
import { toClientError } from '../errors';
import { sendError } from '../http/send-error';
import type { PaymentDeps } from './deps';
import { handlePayPalEvent } from './handle-webhook';
import { PayPalError, type WebhookTransmission } from './paypal-client';
import { parsePayPalEvent } from './webhook-events';

export const PAYPAL_WEBHOOK_PATH = '/api/paypal/webhook';
const NOT_VERIFIED = 'Webhook signature could not be verified';

function headerOf(req: FastifyRequest, name: string): string | null {
  const value = req.headers[name];
  const text = Array.isArray(value) ? value[0] : value;
  return text && text.length <= 2048 ? text : null;
}

function transmissionOf(req: FastifyRequest): WebhookTransmission | null {
  const authAlgo = headerOf(req, 'paypal-auth-algo');
  const certUrl = headerOf(req, 'paypal-cert-url');
  const transmissionId = headerOf(req, 'paypal-transmission-id');
  const transmissionSig = headerOf(req, 'paypal-transmission-sig');
  const transmissionTime = headerOf(req, 'paypal-transmission-time');
  if (!authAlgo || !certUrl || !transmissionId || !transmissionSig || !transmissionTime) return null;
  return { authAlgo, certUrl, transmissionId, transmissionSig, transmissionTime };
}

/**
 * `POST /api/paypal/webhook`: PayPal's events, each verified by PayPal itself
 * (verify-webhook-signature) before anything changes. Replies: 200 when handled (or nothing to do),
 * 400 for a body or signature that does not check out, 503 when this shop takes no PayPal webhooks
 * (demo checkout, or PAYPAL_WEBHOOK_ID unset: without it nothing can be verified, and a retryable
 * status lets PayPal deliver again once the id is configured), 502 when PayPal cannot be asked,
 * 5xx when handling failed. PayPal retries anything but 2xx, which is what those last cases need.
 */
export async function registerPayPalWebhook(app: FastifyInstance, services: PaymentDeps): Promise<void> {
  await app.register(async (scope) => {
    // The raw body is what PayPal signed; it is passed on to verification byte for byte.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));

    scope.post(PAYPAL_WEBHOOK_PATH, { bodyLimit: 256 * 1024 }, async (req, reply) => {
      const provider = services.payments;
      if (provider.kind !== 'paypal') {
        return sendError(reply, 503, 'PayPal webhooks are not accepted: the shop is not taking PayPal payments');
      }
      if (!provider.webhookId) {
        return sendError(reply, 503, 'PayPal webhooks are not configured (PAYPAL_WEBHOOK_ID is not set)');
      }
      const raw = typeof req.body === 'string' ? req.body : '';
      let body: unknown;
      try {
        body = JSON.parse(raw);
      } catch {
        return sendError(reply, 400, 'Request body is not valid JSON');
      }
      const transmission = transmissionOf(req);
      if (!transmission) return sendError(reply, 400, NOT_VERIFIED);

      let verified: boolean;
      try {
        verified = await provider.gateway.verifyWebhookSignature({
          transmission,
          webhookId: provider.webhookId,
          rawEvent: raw,
        });
      } catch (error) {
        if (!(error instanceof PayPalError)) throw error;
        services.log.error({ err: error }, 'PayPal webhook verification could not be asked');
        return sendError(reply, 502, 'Failed to connect to payment service');
      }
      if (!verified) {
        services.log.warn({ transmissionId: transmission.transmissionId }, 'PayPal webhook failed verification');
        return sendError(reply, 400, NOT_VERIFIED);
      }

      const event = parsePayPalEvent(body);
      if (!event) return sendError(reply, 400, 'Webhook event is not a PayPal event this shop can read');
      try {
        const message = await handlePayPalEvent(services, provider.gateway, event);
        services.log.info({ eventId: event.eventId, type: event.type, message }, 'PayPal event handled');
        return { status: 'success', message };
      } catch (error) {
        const client = toClientError(error);
        if (client.status >= 500) services.log.error({ err: error, eventId: event.eventId }, 'PayPal event failed');
        return sendError(reply, client.status, client.message);
      }
    });
  });
}
