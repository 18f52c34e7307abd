/**
 * A small typed client for PayPal Orders v2 (create, capture, get), capture refunds and webhook
 * signature verification.
 *
 * Every request carries `AbortSignal.timeout(timeoutMs)`. The OAuth access token is cached until about 60 s before it
 * expires; a 401 from an API call drops the cached token and retries that call once. Transport trouble (network error,
 * timeout, 5xx, unreadable JSON, failed authentication) surfaces as `PayPalError`; the client secret and the access
 * token never appear in error messages.
 */

import { moneyValueToCents } from '@shop/domain';

export interface PayPalConfig {
  clientId: string;
  clientSecret: string;
  baseUrl: string;
  timeoutMs?: number;
}

export interface OrderSnapshot {
  id: string;
  /** Order status: CREATED | SAVED | APPROVED | VOIDED | COMPLETED | PAYER_ACTION_REQUIRED. */
  status: string;
  /** purchase_units[0].custom_id */
  customId: string | null;
  /** purchase_units[0].payments.captures[0] */
  capture: {
    id: string;
    status: string;
    amountCents: number;
    currency: string;
    /**
     * The COMPLETED refunds of purchase_units[0].payments.refunds (the order's one capture). Known
     * only from an order read; a capture webhook leaves it out.
     */
    refunds?: RefundSeen[];
  } | null;
  /** purchase_units[0].amount */
  orderAmountCents: number | null;
  currency: string | null;
}

/** A refund PayPal completed on a capture: the money it returned. */
export interface RefundSeen {
  id: string;
  cents: number;
}

export type CaptureOutcome =
  | { kind: 'captured'; order: OrderSnapshot }
  | { kind: 'not_approved'; message: string }
  | { kind: 'not_found' }
  /**
   * Not captured as far as PayPal showed when asked right after; a capture still under way there
   * may yet complete, which is why a refusal built on this is checked again later.
   */
  | { kind: 'declined'; message: string };

export type RefundOutcome =
  /** PayPal accepted the refund (status COMPLETED, or PENDING while it settles). */
  | { kind: 'refunded'; refundId: string; status: string }
  /** CAPTURE_FULLY_REFUNDED: the money has already gone back. */
  | { kind: 'already_refunded' }
  | { kind: 'not_found' }
  | { kind: 'declined'; message: string };

/** The `paypal-*` headers of a webhook delivery, as verify-webhook-signature wants them. */
export interface WebhookTransmission {
  authAlgo: string;
  certUrl: string;
  transmissionId: string;
  transmissionSig: string;
  transmissionTime: string;
}

export class PayPalError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PayPalError';
  }
}

export interface PayPalClient {
  createOrder(input: { amountCents: number; currency: 'USD'; customId: string }): Promise<{ id: string }>;
  captureOrder(orderId: string, requestId: string): Promise<CaptureOutcome>;
  getOrder(orderId: string): Promise<OrderSnapshot | null>;
  /** A capture and the order it belongs to (`supplementary_data.related_ids.order_id`); null when unknown. */
  getCapture(captureId: string): Promise<{ id: string; status: string; orderId: string | null } | null>;
  /** Refunds all that is left of a capture; a repeated requestId is answered without moving money twice. */
  refundCapture(captureId: string, requestId: string): Promise<RefundOutcome>;
  /**
   * Asks PayPal whether a webhook delivery is genuine. `rawEvent` is the body exactly as received:
   * it is embedded unparsed, because PayPal checks its signature against those bytes.
   */
  verifyWebhookSignature(input: {
    transmission: WebhookTransmission;
    webhookId: string;
    rawEvent: string;
  }): Promise<boolean>;
}

const DEFAULT_TIMEOUT_MS = 10_000;
/** Renew the token this long before PayPal says it expires. */
const TOKEN_EXPIRY_MARGIN_S = 60;

/** 499 -> '4.99', 5 -> '0.05', 1000 -> '10.00'. Integer math only. */
export function centsToValue(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) {
    throw new PayPalError(`Invalid amount in cents: ${String(cents)}`);
  }
  const whole = Math.trunc(cents / 100);
  const frac = cents % 100;
  return `${whole}.${String(frac).padStart(2, '0')}`;
}

/** '4.99' -> 499, '10' -> 1000, '10.5' -> 1050, by the domain's integer-only rule; anything else throws PayPalError. */
export function valueToCents(value: string): number {
  try {
    return moneyValueToCents(value);
  } catch {
    throw new PayPalError(`Invalid money value: ${JSON.stringify(value)}`);
  }
}

interface ApiResponse {
  status: number;
  body: unknown;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function field(value: unknown, key: string): unknown {
  return isRecord(value) ? value[key] : undefined;
}

function first(value: unknown): unknown {
  return Array.isArray(value) ? value[0] : undefined;
}

function optString(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

function reqString(value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '') {
    throw new PayPalError(`Unexpected PayPal response: missing ${what}`);
  }
  return value;
}

/** The issue code of a PayPal error body (`details[0].issue`), or its `name`. */
function issueOf(body: unknown): string | null {
  return optString(field(first(field(body, 'details')), 'issue'));
}

function describeError(body: unknown, status: number): string {
  const name = optString(field(body, 'name'));
  const issue = issueOf(body);
  const description = optString(field(first(field(body, 'details')), 'description'));
  const message = optString(field(body, 'message'));
  const parts = [name, issue, description ?? message].filter((p): p is string => p !== null && p !== '');
  return parts.length > 0 ? parts.join(': ') : `HTTP ${status}`;
}

function parseMoney(value: unknown, what: string): { cents: number; currency: string } {
  return {
    currency: reqString(field(value, 'currency_code'), `${what}.currency_code`),
    cents: valueToCents(reqString(field(value, 'value'), `${what}.value`)),
  };
}

/** The completed refunds of an order's `payments.refunds`; a pending one has not returned money yet. */
function parseRefunds(value: unknown): RefundSeen[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((refund) => field(refund, 'status') === 'COMPLETED')
    .map((refund) => ({
      id: reqString(field(refund, 'id'), 'refunds[].id'),
      cents: parseMoney(field(refund, 'amount'), 'refunds[].amount').cents,
    }));
}

/** Reads the parts of a PayPal order (or capture response) that payment handling cares about. */
function parseOrder(body: unknown): OrderSnapshot {
  const id = reqString(field(body, 'id'), 'id');
  const status = reqString(field(body, 'status'), 'status');
  const unit = first(field(body, 'purchase_units'));
  const rawCapture = first(field(field(unit, 'payments'), 'captures'));

  let capture: OrderSnapshot['capture'] = null;
  if (rawCapture !== undefined) {
    const money = parseMoney(field(rawCapture, 'amount'), 'captures[0].amount');
    capture = {
      id: reqString(field(rawCapture, 'id'), 'captures[0].id'),
      status: reqString(field(rawCapture, 'status'), 'captures[0].status'),
      amountCents: money.cents,
      currency: money.currency,
      refunds: parseRefunds(field(field(unit, 'payments'), 'refunds')),
    };
  }

  const rawAmount = field(unit, 'amount');
  const amount = rawAmount === undefined ? null : parseMoney(rawAmount, 'purchase_units[0].amount');

  return {
    id,
    status,
    customId: optString(field(unit, 'custom_id')) ?? optString(field(rawCapture, 'custom_id')),
    capture,
    orderAmountCents: amount?.cents ?? null,
    currency: amount?.currency ?? null,
  };
}

function describeFailure(err: unknown): string {
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')) return 'timed out';
  if (err instanceof Error) {
    const cause = err.cause instanceof Error ? ` (${err.cause.message})` : '';
    return `${err.message}${cause}`;
  }
  return 'unknown error';
}

export function createPayPalClient(config: PayPalConfig): PayPalClient {
  const baseUrl = config.baseUrl.replace(/\/+$/, '');
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const basicAuth = Buffer.from(`${config.clientId}:${config.clientSecret}`, 'utf8').toString('base64');

  let token: { value: string; renewAt: number } | null = null;
  let pendingToken: Promise<string> | null = null;

  /** fetch + read the JSON body, all under one timeout. Throws PayPalError on transport trouble. */
  async function send(label: string, url: string, init: RequestInit): Promise<ApiResponse> {
    let res: Response;
    let text: string;
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
      text = await res.text();
    } catch (err) {
      throw new PayPalError(`PayPal ${label} failed: ${describeFailure(err)}`);
    }
    if (res.status >= 500) {
      throw new PayPalError(`PayPal ${label} failed: HTTP ${res.status}`, res.status);
    }
    if (text.trim() === '') return { status: res.status, body: null };
    try {
      return { status: res.status, body: JSON.parse(text) as unknown };
    } catch {
      throw new PayPalError(`PayPal ${label} failed: response is not JSON (HTTP ${res.status})`, res.status);
    }
  }

  async function fetchToken(): Promise<string> {
    const res = await send('authentication', `${baseUrl}/v1/oauth2/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${basicAuth}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        Accept: 'application/json',
      },
      body: 'grant_type=client_credentials',
    });
    if (res.status !== 200) {
      throw new PayPalError(`PayPal authentication failed: HTTP ${res.status}`, res.status);
    }
    const value = field(res.body, 'access_token');
    if (typeof value !== 'string' || value === '') {
      throw new PayPalError('PayPal authentication failed: no access_token in response', res.status);
    }
    const expiresIn = field(res.body, 'expires_in');
    const lifetimeS = typeof expiresIn === 'number' && Number.isFinite(expiresIn) ? expiresIn : 0;
    token = { value, renewAt: Date.now() + Math.max(0, lifetimeS - TOKEN_EXPIRY_MARGIN_S) * 1000 };
    return value;
  }

  function accessToken(): Promise<string> {
    if (token && Date.now() < token.renewAt) return Promise.resolve(token.value);
    if (!pendingToken) {
      pendingToken = fetchToken().finally(() => {
        pendingToken = null;
      });
    }
    return pendingToken;
  }

  /** An authenticated API call; on 401 the token is dropped and the call retried once. */
  async function api(
    label: string,
    method: 'GET' | 'POST',
    path: string,
    options: { body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse> {
    const payload = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
    for (let attempt = 0; ; attempt++) {
      const bearer = await accessToken();
      const headers: Record<string, string> = {
        Authorization: `Bearer ${bearer}`,
        Accept: 'application/json',
        ...options.headers,
      };
      if (payload !== undefined) headers['Content-Type'] = 'application/json';
      const res = await send(label, `${baseUrl}${path}`, { method, headers, body: payload });
      if (res.status !== 401) return res;
      if (token?.value === bearer) token = null;
      if (attempt >= 1) {
        throw new PayPalError(`PayPal ${label} failed: not authorised (HTTP 401)`, 401);
      }
    }
  }

  const orderPath = (orderId: string): string => `/v2/checkout/orders/${encodeURIComponent(orderId)}`;

  async function getOrder(orderId: string): Promise<OrderSnapshot | null> {
    const res = await api('get order', 'GET', orderPath(orderId));
    if (res.status === 404) return null;
    if (res.status !== 200) {
      throw new PayPalError(`PayPal get order failed: ${describeError(res.body, res.status)}`, res.status);
    }
    return parseOrder(res.body);
  }

  return {
    async createOrder(input) {
      const res = await api('create order', 'POST', '/v2/checkout/orders', {
        headers: { Prefer: 'return=representation' },
        body: {
          intent: 'CAPTURE',
          purchase_units: [
            {
              amount: { currency_code: input.currency, value: centsToValue(input.amountCents) },
              custom_id: input.customId,
            },
          ],
        },
      });
      if (res.status !== 200 && res.status !== 201) {
        throw new PayPalError(`PayPal create order failed: ${describeError(res.body, res.status)}`, res.status);
      }
      return { id: reqString(field(res.body, 'id'), 'id') };
    },

    async captureOrder(orderId, requestId) {
      const res = await api('capture order', 'POST', `${orderPath(orderId)}/capture`, {
        headers: { 'PayPal-Request-Id': requestId, Prefer: 'return=representation' },
        body: {},
      });
      if (res.status === 200 || res.status === 201) {
        return { kind: 'captured', order: parseOrder(res.body) };
      }
      if (res.status === 404) return { kind: 'not_found' };
      const issue = issueOf(res.body);
      if (res.status === 422 && issue === 'ORDER_ALREADY_CAPTURED') {
        const order = await getOrder(orderId);
        return order ? { kind: 'captured', order } : { kind: 'not_found' };
      }
      if (res.status === 422 && issue === 'ORDER_NOT_APPROVED') {
        return { kind: 'not_approved', message: describeError(res.body, res.status) };
      }
      // Any other 4xx may not be PayPal's last word: a proxy or load balancer on the way can answer
      // one of its own (a timeout, a rate limit) for a capture PayPal went on to complete. Only the
      // order itself can tell, so a capture it shows is reported as captured, never as declined.
      const order = await getOrder(orderId);
      if (order?.capture) return { kind: 'captured', order };
      return { kind: 'declined', message: describeError(res.body, res.status) };
    },

    getOrder,

    async getCapture(captureId) {
      const res = await api('get capture', 'GET', `/v2/payments/captures/${encodeURIComponent(captureId)}`);
      if (res.status === 404) return null;
      if (res.status !== 200) {
        throw new PayPalError(`PayPal get capture failed: ${describeError(res.body, res.status)}`, res.status);
      }
      return {
        id: reqString(field(res.body, 'id'), 'id'),
        status: reqString(field(res.body, 'status'), 'status'),
        orderId: optString(field(field(field(res.body, 'supplementary_data'), 'related_ids'), 'order_id')),
      };
    },

    async refundCapture(captureId, requestId) {
      const res = await api('refund capture', 'POST', `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, {
        headers: { 'PayPal-Request-Id': requestId, Prefer: 'return=representation' },
        // No amount: a full refund of what was captured.
        body: {},
      });
      if (res.status === 200 || res.status === 201) {
        return {
          kind: 'refunded',
          refundId: reqString(field(res.body, 'id'), 'id'),
          status: reqString(field(res.body, 'status'), 'status'),
        };
      }
      if (res.status === 404) return { kind: 'not_found' };
      if (res.status === 422 && issueOf(res.body) === 'CAPTURE_FULLY_REFUNDED') return { kind: 'already_refunded' };
      return { kind: 'declined', message: describeError(res.body, res.status) };
    },

    async verifyWebhookSignature({ transmission, webhookId, rawEvent }) {
      const fields = JSON.stringify({
        auth_algo: transmission.authAlgo,
        cert_url: transmission.certUrl,
        transmission_id: transmission.transmissionId,
        transmission_sig: transmission.transmissionSig,
        transmission_time: transmission.transmissionTime,
        webhook_id: webhookId,
      });
      // {"auth_algo":...,"webhook_id":"..."} + ,"webhook_event":<the received bytes>}
      const rawBody = `${fields.slice(0, -1)},"webhook_event":${rawEvent}}`;
      const res = await api('verify webhook signature', 'POST', '/v1/notifications/verify-webhook-signature', {
        rawBody,
      });
      // A 4xx means PayPal could not match the delivery to our webhook: not verified, whatever the reason.
      if (res.status !== 200) return false;
      return field(res.body, 'verification_status') === 'SUCCESS';
    },
  };
}
