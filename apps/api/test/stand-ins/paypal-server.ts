/**
 * A stand-in for PayPal's REST API (OAuth token + Orders v2) on 127.0.0.1, for integration tests.
 *
 * It speaks the same protocol as the real thing: Basic-authenticated client-credentials tokens, Bearer-authenticated
 * order routes, PayPal's error shapes (RESOURCE_NOT_FOUND, ORDER_NOT_APPROVED, ORDER_ALREADY_CAPTURED) and
 * PayPal-Request-Id idempotency on capture (a repeated id replays the first successful reply byte for byte).
 */
import { randomBytes } from 'node:crypto';
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
  close(): Promise<void>;
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

interface StoredOrder {
  id: string;
  status: string;
  amount: Money;
  customId: string | null;
  createTime: string;
  capture: StoredCapture | null;
  override: { amountCents?: number; currency?: string; status?: string } | null;
  capturesExecuted: number;
}

interface Reply {
  status: number;
  body: string;
}

const VALUE_PATTERN = /^\d+(\.\d{1,2})?$/;

function hex(bytes: number): string {
  return randomBytes(bytes).toString('hex').toUpperCase();
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
      unit.payments = { captures: [capture] };
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
    };
    orders.set(id, order);
    return json(201, { id, status: order.status, links: orderLinks(id) });
  }

  function captureRoute(orderId: string, req: IncomingMessage): Reply {
    captureCalls.set(orderId, (captureCalls.get(orderId) ?? 0) + 1);
    const order = orders.get(orderId);
    const requestId = header(req, 'paypal-request-id');
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

    const match = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    if (match) {
      let orderId: string;
      try {
        orderId = decodeURIComponent(match[1] ?? '');
      } catch {
        orderId = '';
      }
      if (match[2] && req.method === 'POST') return captureRoute(orderId, req);
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
    close() {
      return new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
