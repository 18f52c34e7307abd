/**
 * A stand-in for PayPal's REST API (OAuth token, Orders v2, capture refunds, webhooks) on 127.0.0.1, for
 * integration tests.
 *
 * It speaks the same protocol as the real thing: Basic-authenticated client-credentials tokens, Bearer-authenticated
 * routes, PayPal's error shapes (RESOURCE_NOT_FOUND, ORDER_NOT_APPROVED, ORDER_ALREADY_CAPTURED,
 * CAPTURE_FULLY_REFUNDED) and PayPal-Request-Id idempotency on capture and refund (a repeated id replays the first
 * successful reply byte for byte). Webhook deliveries are built like PayPal's (event JSON plus the `paypal-*`
 * transmission headers) and only `POST /v1/notifications/verify-webhook-signature` can tell a genuine one: it
 * answers SUCCESS for an untouched delivery to the configured webhook id, FAILURE for anything else.
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PayPalStandIn {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** Simulates the buyer approving the order in the PayPal popup. */
  approve(orderId: string): void;
  /** Makes the capture report another amount/currency/status (to test refusal paths). */
  setCaptureOverride(orderId: string, o: { amountCents?: number; currency?: string; status?: string }): void;
  /** How many capture requests arrived for the order (including replays and refusals). */
  captureCalls(orderId: string): number;
  /** How many times money actually moved for the order (must stay <= 1). */
  capturesExecuted(orderId: string): number;
  /** How many token requests were answered with a token. */
  tokenRequests(): number;
  /** Invalidates every issued access token (the next API call gets a 401). */
  revokeTokens(): void;
  /** The id of the webhook PayPal would deliver to (configure the shop with it). */
  webhookId: string;
  /** Approves and captures as PayPal would, without the shop hearing back (its reply was lost, the tab closed). */
  captureOutOfBand(orderId: string): string;
  /** A refund made by the merchant in PayPal's dashboard: all of the capture, or `amountCents` of it. */
  refundAsMerchant(orderId: string, amountCents?: number): string;
  /** A reversal (chargeback) of the whole capture; returns its id. */
  reverse(orderId: string): string;
  /** PayPal voids the order (the buyer cancelled, or it lapsed). */
  voidOrder(orderId: string): void;
  /** The order is gone at PayPal: reads answer 404. */
  forgetOrder(orderId: string): void;
  /** Refunds executed on the order's capture, in order (merchant ones and those the shop asked for). */
  refunds(orderId: string): Array<{ id: string; cents: number; requestId: string | null }>;
  /**
   * A signed webhook delivery of `eventType` for the order's current state, as PayPal would POST it. Refund
   * events describe the latest refund (or `refundId`); reversal events the reversal.
   */
  webhook(
    eventType: 'PAYMENT.CAPTURE.COMPLETED' | 'PAYMENT.CAPTURE.REFUNDED' | 'PAYMENT.CAPTURE.REVERSED',
    orderId: string,
    options?: { refundId?: string },
  ): WebhookDelivery;
  /** How many verify-webhook-signature calls arrived. */
  verifyCalls(): number;
  close(): Promise<void>;
}

export interface WebhookDelivery {
  headers: Record<string, string>;
  /** The body exactly as PayPal sends it. */
  payload: string;
}

interface Money {
  currency_code: string;
  value: string;
}

interface StoredCapture {
  id: string;
  status: string;
  amount: Money;
  create_time: string;
}

interface StoredRefund {
  id: string;
  kind: 'refund' | 'reversal';
  cents: number;
  /** Cents refunded from the capture up to and including this one. */
  totalCents: number;
  requestId: string | null;
  createTime: string;
}

interface StoredOrder {
  id: string;
  status: string;
  amount: Money;
  customId: string | null;
  createTime: string;
  capture: StoredCapture | null;
  override: { amountCents?: number; currency?: string; status?: string } | null;
  capturesExecuted: number;
  refunds: StoredRefund[];
}

interface Reply {
  status: number;
  body: string;
}

const VALUE_PATTERN = /^\d+(\.\d{1,2})?$/;

function hex(bytes: number): string {
  return randomBytes(bytes).toString('hex').toUpperCase();
}

function now(): string {
  return new Date().toISOString().replace(/\.\d+Z$/, 'Z');
}

function valueToCents(value: string): number {
  const [whole = '0', frac = ''] = value.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

function centsToValue(cents: number): string {
  return `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function json(status: number, body: unknown): Reply {
  return { status, body: JSON.stringify(body) };
}

function error(status: number, name: string, issue: string, description: string): Reply {
  return json(status, {
    name,
    message: name === 'RESOURCE_NOT_FOUND' ? 'The specified resource does not exist.' : description,
    debug_id: hex(6).toLowerCase(),
    details: [{ issue, description }],
  });
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

export async function startPayPalStandIn(options: { delayMs?: number } = {}): Promise<PayPalStandIn> {
  const clientId = `sim-client-${hex(4).toLowerCase()}`;
  const clientSecret = `sim-secret-${hex(12).toLowerCase()}`;
  const webhookId = `WHSIM${hex(8)}`;
  /** Signs transmissions; only this process knows it, so only verify-webhook-signature can check a delivery. */
  const signingKey = randomBytes(32);
  let verifyCount = 0;
  /** Refund replies keyed by PayPal-Request-Id, replayed on a repeat. */
  const refundReplies = new Map<string, { captureId: string; reply: Reply }>();
  const tokens = new Set<string>();
  const orders = new Map<string, StoredOrder>();
  /** Successful capture replies keyed by PayPal-Request-Id, replayed verbatim on a repeat. */
  const idempotent = new Map<string, { orderId: string; reply: Reply }>();
  /** Capture requests per order id, known or not. */
  const captureCalls = new Map<string, number>();
  let tokenCount = 0;
  let baseUrl = '';

  function orderLinks(id: string): Array<{ href: string; rel: string; method: string }> {
    const self = `${baseUrl}/v2/checkout/orders/${encodeURIComponent(id)}`;
    return [
      { href: self, rel: 'self', method: 'GET' },
      { href: `${baseUrl}/checkoutnow?token=${encodeURIComponent(id)}`, rel: 'approve', method: 'GET' },
      { href: self, rel: 'update', method: 'PATCH' },
      { href: `${self}/capture`, rel: 'capture', method: 'POST' },
    ];
  }

  function orderJson(order: StoredOrder): Record<string, unknown> {
    const unit: Record<string, unknown> = { reference_id: 'default', amount: order.amount };
    if (order.customId !== null) unit.custom_id = order.customId;
    if (order.capture) {
      const capture: Record<string, unknown> = {
        id: order.capture.id,
        status: order.capture.status,
        amount: order.capture.amount,
        final_capture: true,
        create_time: order.capture.create_time,
        update_time: order.capture.create_time,
      };
      if (order.customId !== null) capture.custom_id = order.customId;
      // PayPal's order details list the capture's refunds beside it (reversals only change its status).
      const refunds = order.refunds
        .filter((r) => r.kind === 'refund')
        .map((r) => ({
          id: r.id,
          status: 'COMPLETED',
          amount: { currency_code: order.capture?.amount.currency_code, value: centsToValue(r.cents) },
          create_time: r.createTime,
          update_time: r.createTime,
        }));
      unit.payments = refunds.length > 0 ? { captures: [capture], refunds } : { captures: [capture] };
    }
    const self = `${baseUrl}/v2/checkout/orders/${encodeURIComponent(order.id)}`;
    return {
      id: order.id,
      intent: 'CAPTURE',
      status: order.status,
      purchase_units: [unit],
      create_time: order.createTime,
      links: order.status === 'COMPLETED' ? [{ href: self, rel: 'self', method: 'GET' }] : orderLinks(order.id),
    };
  }

  function captureJson(order: StoredOrder, capture: StoredCapture): Record<string, unknown> {
    const self = `${baseUrl}/v2/payments/captures/${capture.id}`;
    const json: Record<string, unknown> = {
      id: capture.id,
      status: capture.status,
      amount: capture.amount,
      final_capture: true,
      supplementary_data: { related_ids: { order_id: order.id } },
      create_time: capture.create_time,
      update_time: capture.create_time,
      links: [
        { href: self, rel: 'self', method: 'GET' },
        { href: `${self}/refund`, rel: 'refund', method: 'POST' },
        { href: `${baseUrl}/v2/checkout/orders/${order.id}`, rel: 'up', method: 'GET' },
      ],
    };
    if (order.customId !== null) json.custom_id = order.customId;
    return json;
  }

  function refundJson(order: StoredOrder, capture: StoredCapture, refund: StoredRefund): Record<string, unknown> {
    const currency = capture.amount.currency_code;
    const money = (cents: number) => ({ currency_code: currency, value: centsToValue(cents) });
    return {
      id: refund.id,
      amount: money(refund.cents),
      status: 'COMPLETED',
      seller_payable_breakdown: {
        gross_amount: money(refund.cents),
        net_amount: money(refund.cents),
        total_refunded_amount: money(refund.totalCents),
      },
      ...(order.customId !== null ? { custom_id: order.customId } : {}),
      create_time: refund.createTime,
      update_time: refund.createTime,
      links: [
        { href: `${baseUrl}/v2/payments/refunds/${refund.id}`, rel: 'self', method: 'GET' },
        { href: `${baseUrl}/v2/payments/captures/${capture.id}`, rel: 'up', method: 'GET' },
      ],
    };
  }

  function findByCapture(captureId: string): StoredOrder | undefined {
    for (const order of orders.values()) if (order.capture?.id === captureId) return order;
    return undefined;
  }

  /** Moves money back from the capture; null when nothing is left to refund. */
  function executeRefund(
    order: StoredOrder,
    kind: 'refund' | 'reversal',
    cents: number | null,
    requestId: string | null,
  ): StoredRefund | null {
    const capture = order.capture;
    if (!capture) return null;
    const captured = valueToCents(capture.amount.value);
    const done = order.refunds.reduce((sum, r) => sum + r.cents, 0);
    const amount = cents ?? captured - done;
    if (amount <= 0 || done + amount > captured) return null;
    const refund: StoredRefund = {
      id: `${kind === 'refund' ? 'SIMREF' : 'SIMREV'}${hex(6)}`,
      kind,
      cents: amount,
      totalCents: done + amount,
      requestId,
      createTime: now(),
    };
    order.refunds.push(refund);
    capture.status =
      kind === 'reversal' ? 'REVERSED' : refund.totalCents >= captured ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
    return refund;
  }

  function refundRoute(captureId: string, req: IncomingMessage, body: string): Reply {
    const requestId = header(req, 'paypal-request-id') ?? null;
    if (requestId) {
      const previous = refundReplies.get(requestId);
      if (previous && previous.captureId === captureId) return previous.reply;
    }
    const order = findByCapture(captureId);
    if (!order?.capture) {
      return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
    }
    let cents: number | null = null;
    if (body.trim() !== '') {
      let parsed: unknown;
      try {
        parsed = JSON.parse(body);
      } catch {
        return error(400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
      }
      const amount = isRecord(parsed) ? parsed.amount : undefined;
      if (isRecord(amount) && typeof amount.value === 'string' && VALUE_PATTERN.test(amount.value)) {
        cents = valueToCents(amount.value);
      }
    }
    if (order.capture.status === 'REFUNDED' || order.capture.status === 'REVERSED') {
      return error(
        422,
        'UNPROCESSABLE_ENTITY',
        'CAPTURE_FULLY_REFUNDED',
        'The capture has already been fully refunded',
      );
    }
    const refund = executeRefund(order, 'refund', cents, requestId);
    if (!refund) {
      return error(422, 'UNPROCESSABLE_ENTITY', 'REFUND_AMOUNT_EXCEEDED', 'The refund amount exceeds the capture.');
    }
    const reply = json(201, refundJson(order, order.capture, refund));
    if (requestId) refundReplies.set(requestId, { captureId, reply });
    return reply;
  }

  function signature(transmissionId: string, time: string, forWebhook: string, payload: string): string {
    const digest = createHash('sha256').update(payload).digest('hex');
    return createHmac('sha256', signingKey)
      .update(`${transmissionId}|${time}|${forWebhook}|${digest}`)
      .digest('base64');
  }

  function verifyRoute(body: string): Reply {
    verifyCount++;
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return error(400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
    }
    if (!isRecord(parsed)) return error(400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER', 'Invalid request.');
    const fields = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id'];
    for (const name of fields) {
      if (typeof parsed[name] !== 'string' || parsed[name] === '') {
        return error(400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER', `${name} is required.`);
      }
    }
    if (!isRecord(parsed.webhook_event)) {
      return error(400, 'VALIDATION_ERROR', 'MISSING_REQUIRED_PARAMETER', 'webhook_event is required.');
    }
    const expected = signature(
      String(parsed.transmission_id),
      String(parsed.transmission_time),
      String(parsed.webhook_id),
      JSON.stringify(parsed.webhook_event),
    );
    const ok = parsed.webhook_id === webhookId && parsed.transmission_sig === expected;
    return json(200, { verification_status: ok ? 'SUCCESS' : 'FAILURE' });
  }

  function tokenRoute(req: IncomingMessage, body: string): Reply {
    const auth = header(req, 'authorization') ?? '';
    const expected = `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
    if (auth !== expected) {
      return json(401, { error: 'invalid_client', error_description: 'Client Authentication failed' });
    }
    if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') {
      return json(400, { error: 'unsupported_grant_type', error_description: 'unsupported grant_type' });
    }
    const accessToken = `A21AA${hex(24)}`;
    tokens.add(accessToken);
    tokenCount++;
    return json(200, {
      scope: 'https://uri.paypal.com/services/payments/payment',
      access_token: accessToken,
      token_type: 'Bearer',
      app_id: 'APP-SIMULATED',
      expires_in: 32400,
      nonce: `${new Date().toISOString()}${hex(8)}`,
    });
  }

  function createRoute(body: string): Reply {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return error(400, 'INVALID_REQUEST', 'MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.');
    }
    if (!isRecord(parsed) || parsed.intent !== 'CAPTURE') {
      return error(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE', 'intent must be CAPTURE.');
    }
    const units = parsed.purchase_units;
    const unit = Array.isArray(units) && units.length === 1 ? (units[0] as unknown) : undefined;
    const amount = isRecord(unit) ? unit.amount : undefined;
    if (!isRecord(unit) || !isRecord(amount)) {
      return error(400, 'INVALID_REQUEST', 'MISSING_REQUIRED_PARAMETER', 'purchase_units[0].amount is required.');
    }
    const currency = amount.currency_code;
    const value = amount.value;
    if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) {
      return error(400, 'INVALID_REQUEST', 'INVALID_CURRENCY_CODE', 'Currency code is invalid.');
    }
    if (typeof value !== 'string' || !VALUE_PATTERN.test(value) || /^0+(\.0+)?$/.test(value)) {
      return error(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE', 'amount.value is invalid.');
    }
    const customId = unit.custom_id;
    if (customId !== undefined && (typeof customId !== 'string' || customId.length > 127)) {
      return error(400, 'INVALID_REQUEST', 'INVALID_PARAMETER_VALUE', 'custom_id is invalid.');
    }
    const id = `SIM${hex(7)}`;
    const order: StoredOrder = {
      id,
      status: 'CREATED',
      amount: { currency_code: currency, value },
      customId: customId ?? null,
      createTime: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      capture: null,
      override: null,
      capturesExecuted: 0,
      refunds: [],
    };
    orders.set(id, order);
    return json(201, { id, status: order.status, links: orderLinks(id) });
  }

  function captureRoute(orderId: string, requestId: string | undefined): Reply {
    captureCalls.set(orderId, (captureCalls.get(orderId) ?? 0) + 1);
    const order = orders.get(orderId);
    if (requestId) {
      const previous = idempotent.get(requestId);
      if (previous && previous.orderId === orderId) return previous.reply;
    }
    if (!order) {
      return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
    }
    if (order.status === 'COMPLETED') {
      return error(
        422,
        'UNPROCESSABLE_ENTITY',
        'ORDER_ALREADY_CAPTURED',
        'Order already captured.If intent=CAPTURE only one capture per order is allowed.',
      );
    }
    if (order.status !== 'APPROVED') {
      return error(
        422,
        'UNPROCESSABLE_ENTITY',
        'ORDER_NOT_APPROVED',
        'Payer has not yet approved the Order for payment.',
      );
    }
    const o = order.override;
    order.capture = {
      id: `SIMCAP${hex(6)}`,
      status: o?.status ?? 'COMPLETED',
      amount: {
        currency_code: o?.currency ?? order.amount.currency_code,
        value: o?.amountCents !== undefined ? centsToValue(o.amountCents) : order.amount.value,
      },
      create_time: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    };
    order.status = 'COMPLETED';
    order.capturesExecuted++;
    const reply = json(201, orderJson(order));
    if (requestId) idempotent.set(requestId, { orderId, reply });
    return reply;
  }

  async function route(req: IncomingMessage): Promise<Reply> {
    const body = await readBody(req);
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const path = url.pathname;

    if (req.method === 'POST' && path === '/v1/oauth2/token') return tokenRoute(req, body);

    const auth = header(req, 'authorization') ?? '';
    const bearer = auth.startsWith('Bearer ') ? auth.slice('Bearer '.length) : '';
    if (!tokens.has(bearer)) {
      return json(401, { error: 'invalid_token', error_description: 'Token signature verification failed' });
    }

    if (req.method === 'POST' && path === '/v2/checkout/orders') return createRoute(body);
    if (req.method === 'POST' && path === '/v1/notifications/verify-webhook-signature') return verifyRoute(body);
    const refundMatch = /^\/v2\/payments\/captures\/([^/]+)\/refund$/.exec(path);
    if (refundMatch && req.method === 'POST') return refundRoute(decodeURIComponent(refundMatch[1] ?? ''), req, body);
    const captureMatch = /^\/v2\/payments\/captures\/([^/]+)$/.exec(path);
    if (captureMatch && req.method === 'GET') {
      const order = findByCapture(decodeURIComponent(captureMatch[1] ?? ''));
      if (!order?.capture) {
        return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
      }
      return json(200, captureJson(order, order.capture));
    }

    const match = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    if (match) {
      let orderId: string;
      try {
        orderId = decodeURIComponent(match[1] ?? '');
      } catch {
        orderId = '';
      }
      if (match[2] && req.method === 'POST') return captureRoute(orderId, header(req, 'paypal-request-id'));
      if (!match[2] && req.method === 'GET') {
        const order = orders.get(orderId);
        if (!order) {
          return error(404, 'RESOURCE_NOT_FOUND', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist.');
        }
        return json(200, orderJson(order));
      }
    }
    return error(404, 'NOT_FOUND', 'NOT_FOUND', 'The requested route was not found.');
  }

  const delayMs = options.delayMs ?? 0;
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    route(req)
      .catch((): Reply => error(500, 'INTERNAL_SERVER_ERROR', 'INTERNAL_SERVICE_ERROR', 'An internal error occurred.'))
      .then(async (reply) => {
        if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
        if (res.destroyed) return;
        res.writeHead(reply.status, {
          'Content-Type': 'application/json',
          'Content-Length': Buffer.byteLength(reply.body),
          'Paypal-Debug-Id': hex(6).toLowerCase(),
        });
        res.end(reply.body);
      })
      .catch(() => res.destroy());
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${port}`;

  function mustGet(orderId: string): StoredOrder {
    const order = orders.get(orderId);
    if (!order) throw new Error(`PayPal stand-in: unknown order ${orderId}`);
    return order;
  }

  return {
    baseUrl,
    clientId,
    clientSecret,
    approve(orderId) {
      const order = mustGet(orderId);
      if (order.status === 'CREATED') order.status = 'APPROVED';
    },
    setCaptureOverride(orderId, o) {
      mustGet(orderId).override = { ...o };
    },
    captureCalls: (orderId) => captureCalls.get(orderId) ?? 0,
    capturesExecuted: (orderId) => orders.get(orderId)?.capturesExecuted ?? 0,
    tokenRequests: () => tokenCount,
    revokeTokens() {
      tokens.clear();
    },
    webhookId,
    captureOutOfBand(orderId) {
      const order = mustGet(orderId);
      if (order.status === 'CREATED') order.status = 'APPROVED';
      const reply = captureRoute(orderId, undefined);
      if (reply.status !== 201 || !order.capture) throw new Error(`PayPal stand-in: capture failed: ${reply.body}`);
      return order.capture.id;
    },
    refundAsMerchant(orderId, amountCents) {
      const refund = executeRefund(mustGet(orderId), 'refund', amountCents ?? null, null);
      if (!refund) throw new Error(`PayPal stand-in: nothing to refund on ${orderId}`);
      return refund.id;
    },
    reverse(orderId) {
      const refund = executeRefund(mustGet(orderId), 'reversal', null, null);
      if (!refund) throw new Error(`PayPal stand-in: nothing to reverse on ${orderId}`);
      return refund.id;
    },
    voidOrder(orderId) {
      mustGet(orderId).status = 'VOIDED';
    },
    forgetOrder(orderId) {
      orders.delete(orderId);
    },
    refunds: (orderId) =>
      (orders.get(orderId)?.refunds ?? [])
        .filter((r) => r.kind === 'refund')
        .map((r) => ({ id: r.id, cents: r.cents, requestId: r.requestId })),
    webhook(eventType, orderId, opts = {}) {
      const order = mustGet(orderId);
      const capture = order.capture;
      if (!capture) throw new Error(`PayPal stand-in: ${orderId} has no capture to send events about`);
      let resourceType = 'capture';
      let resource: Record<string, unknown>;
      if (eventType === 'PAYMENT.CAPTURE.COMPLETED') {
        resource = captureJson(order, capture);
      } else {
        const kind = eventType === 'PAYMENT.CAPTURE.REFUNDED' ? 'refund' : 'reversal';
        const candidates = order.refunds.filter((r) => r.kind === kind);
        const refund = opts.refundId ? candidates.find((r) => r.id === opts.refundId) : candidates.at(-1);
        if (!refund) throw new Error(`PayPal stand-in: no ${kind} on ${orderId}`);
        resourceType = 'refund';
        resource = refundJson(order, capture, refund);
      }
      const event = {
        id: `WH-${hex(8)}-${hex(8)}`,
        event_version: '1.0',
        create_time: new Date().toISOString(),
        resource_type: resourceType,
        resource_version: '2.0',
        event_type: eventType,
        summary: `${eventType} for ${orderId}`,
        resource,
        links: [],
      };
      const payload = JSON.stringify(event);
      const transmissionId = randomBytes(16).toString('hex');
      const time = new Date().toISOString();
      return {
        payload,
        headers: {
          'content-type': 'application/json',
          'paypal-auth-algo': 'SHA256withRSA',
          'paypal-cert-url': `${baseUrl}/v1/notifications/certs/CERT-SIM`,
          'paypal-transmission-id': transmissionId,
          'paypal-transmission-sig': signature(transmissionId, time, webhookId, payload),
          'paypal-transmission-time': time,
        },
      };
    },
    verifyCalls: () => verifyCount,
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}

/** The shop's PayPal settings pointing at this stand-in; `webhookId` null leaves webhooks unconfigured. */
export function payPalSettings(paypal: PayPalStandIn, webhookId: string | null = null) {
  return {
    provider: 'paypal' as const,
    clientId: paypal.clientId,
    clientSecret: paypal.clientSecret,
    baseUrl: paypal.baseUrl,
    ...(webhookId === null ? {} : { webhookId }),
  };
}
