import { signWebhook } from './signature';
import type { DeliveryPayload, DeliveryResult, DeliveryTarget, TransportOptions } from './types';
import { DEFAULT_TIMEOUT_MS, errorMessage, networkError, type Outcome, redact, timed, truncate } from './util';

/** The JSON body of a webhook delivery. `timestamp` is ISO 8601, as in the Standard Webhooks payload format. */
export interface WebhookBody {
  type: 'action.triggered' | 'action.tested' | 'action.started' | 'action.stopped';
  deliveryId: string;
  command: string;
  action: DeliveryPayload['action'];
  viewer: DeliveryPayload['viewer'];
  target: string | null;
  triggerId: number | null;
  timestamp: string;
}

/**
 * A signed POST (Standard Webhooks headers). 2xx is delivered; 408, 429, 5xx, timeouts and network errors
 * are retryable; other statuses (redirects are not followed) are not.
 */
export async function sendHttpWebhook(
  target: DeliveryTarget,
  payload: DeliveryPayload,
  options: TransportOptions = {},
): Promise<DeliveryResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  return timed(now, async () => {
    const nowMs = now();
    const timestamp = Math.floor(nowMs / 1000);
    const body: WebhookBody = {
      type: payload.isTest ? 'action.tested' : payload.effect ? `action.${payload.effect.event}` : 'action.triggered',
      deliveryId: payload.deliveryId,
      command: payload.command,
      action: payload.action,
      viewer: payload.viewer,
      target: payload.target,
      triggerId: payload.triggerId,
      timestamp: new Date(nowMs).toISOString(),
    };
    const json = JSON.stringify(body);
    const outcome = await post(target.url, json, timeoutMs, {
      'content-type': 'application/json',
      'webhook-id': payload.deliveryId,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(target.secret, payload.deliveryId, timestamp, json),
    });
    return outcome.ok ? outcome : { ...outcome, error: redact(outcome.error, target.secret) };
  });
}

async function post(url: string, body: string, timeoutMs: number, headers: Record<string, string>): Promise<Outcome> {
  try {
    // One signal covers connect, headers and reading the body.
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    if (response.status >= 200 && response.status < 300) return { ok: true, response: truncate(text) };
    const status = response.status;
    const retryable = status >= 500 || status === 429 || status === 408;
    const detail = text.trim() === '' ? '' : `: ${truncate(text.trim(), 200)}`;
    const note = status >= 300 && status < 400 ? ' (redirects are not followed)' : '';
    return { ok: false, error: `HTTP ${status}${note}${detail}`, retryable };
  } catch (error) {
    return fetchFailure(error, timeoutMs);
  }
}

function fetchFailure(error: unknown, timeoutMs: number): Outcome {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return { ok: false, error: `Webhook timed out after ${timeoutMs} ms`, retryable: true, unreachable: true };
  }
  // undici reports network trouble as TypeError('fetch failed') with the socket error as `cause`;
  // a TypeError without a cause is a request that can never be sent (bad URL, credentials in the URL).
  if (error instanceof TypeError) {
    const cause: unknown = error.cause;
    if (cause === undefined) return { ok: false, error: `Invalid webhook request: ${error.message}`, retryable: false };
    const network = networkError(cause);
    return {
      ok: false,
      error: `Webhook ${network ?? `failed: ${errorMessage(cause)}`}`,
      retryable: true,
      ...(network !== undefined && { unreachable: true }),
    };
  }
  return { ok: false, error: `Webhook failed: ${errorMessage(error)}`, retryable: true };
}
