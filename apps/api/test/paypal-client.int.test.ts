import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CaptureOutcome,
  centsToValue,
  createPayPalClient,
  type OrderSnapshot,
  PayPalError,
  valueToCents,
} from '../src/payments/paypal-client';
import { type PayPalStandIn, startPayPalStandIn } from './stand-ins/paypal-server';

function capturedOrder(outcome: CaptureOutcome): OrderSnapshot {
  if (outcome.kind !== 'captured') throw new Error(`expected captured, got ${JSON.stringify(outcome)}`);
  return outcome.order;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected the promise to reject');
}

describe('PayPal client against the stand-in', () => {
  let paypal: PayPalStandIn;
  let client: ReturnType<typeof createPayPalClient>;

  beforeAll(async () => {
    paypal = await startPayPalStandIn();
    client = createPayPalClient({
      clientId: paypal.clientId,
      clientSecret: paypal.clientSecret,
      baseUrl: paypal.baseUrl,
    });
  });
  afterAll(async () => paypal?.close());

  it('fetches one token and reuses it for several calls', async () => {
    const before = paypal.tokenRequests();
    const a = await client.createOrder({ amountCents: 100, currency: 'USD', customId: 'tok-1' });
    const b = await client.createOrder({ amountCents: 200, currency: 'USD', customId: 'tok-2' });
    await Promise.all([client.getOrder(a.id), client.getOrder(b.id), client.getOrder(a.id)]);
    expect(paypal.tokenRequests() - before).toBe(1);
  });

  it('creates, and after approval captures with the right cents, currency and custom id', async () => {
    const { id } = await client.createOrder({ amountCents: 499, currency: 'USD', customId: 'purchase-42' });
    expect(id).toMatch(/^SIM[0-9A-F]+$/);

    const created = await client.getOrder(id);
    expect(created).toEqual({
      id,
      status: 'CREATED',
      customId: 'purchase-42',
      capture: null,
      orderAmountCents: 499,
      currency: 'USD',
    });

    paypal.approve(id);
    const order = capturedOrder(await client.captureOrder(id, `capture-${id}`));
    expect(order).toMatchObject({
      id,
      status: 'COMPLETED',
      customId: 'purchase-42',
      orderAmountCents: 499,
      currency: 'USD',
      capture: { status: 'COMPLETED', amountCents: 499, currency: 'USD' },
    });
    expect(order.capture?.id).toMatch(/^SIMCAP/);
    expect(paypal.captureCalls(id)).toBe(1);
    expect(paypal.capturesExecuted(id)).toBe(1);

    expect(await client.getOrder(id)).toEqual(order);
  });

  it('replays a capture with the same request id without moving money twice', async () => {
    const { id } = await client.createOrder({ amountCents: 1000, currency: 'USD', customId: 'replay' });
    paypal.approve(id);
    const requestId = `capture-${id}`;
    const first = await client.captureOrder(id, requestId);
    const second = await client.captureOrder(id, requestId);
    expect(second).toEqual(first);
    expect(capturedOrder(second).capture).toMatchObject({ amountCents: 1000, currency: 'USD' });
    expect(paypal.captureCalls(id)).toBe(2);
    expect(paypal.capturesExecuted(id)).toBe(1);
  });

  it('treats ORDER_ALREADY_CAPTURED (new request id) as captured by reading the order', async () => {
    const { id } = await client.createOrder({ amountCents: 250, currency: 'USD', customId: 'twice' });
    paypal.approve(id);
    const first = capturedOrder(await client.captureOrder(id, 'request-a'));
    const second = capturedOrder(await client.captureOrder(id, 'request-b'));
    expect(second).toEqual(first);
    expect(second.capture).toMatchObject({ status: 'COMPLETED', amountCents: 250, currency: 'USD' });
    expect(second.customId).toBe('twice');
    expect(paypal.captureCalls(id)).toBe(2);
    expect(paypal.capturesExecuted(id)).toBe(1);
  });

  it('reports not_approved, and the same request id still works once the payer approves', async () => {
    const { id } = await client.createOrder({ amountCents: 300, currency: 'USD', customId: 'later' });
    const outcome = await client.captureOrder(id, `capture-${id}`);
    expect(outcome.kind).toBe('not_approved');
    expect(outcome.kind === 'not_approved' && outcome.message).toContain('ORDER_NOT_APPROVED');
    expect(paypal.capturesExecuted(id)).toBe(0);

    paypal.approve(id);
    const order = capturedOrder(await client.captureOrder(id, `capture-${id}`));
    expect(order.capture).toMatchObject({ status: 'COMPLETED', amountCents: 300 });
    expect(paypal.capturesExecuted(id)).toBe(1);
  });

  it('reports not_found for an unknown order, and getOrder answers null', async () => {
    expect(await client.captureOrder('SIMDOESNOTEXIST', 'r-1')).toEqual({ kind: 'not_found' });
    expect(paypal.captureCalls('SIMDOESNOTEXIST')).toBe(1);
    expect(paypal.capturesExecuted('SIMDOESNOTEXIST')).toBe(0);
    expect(await client.getOrder('SIMDOESNOTEXIST')).toBeNull();
    // The id is path-encoded, so a hostile id cannot reach another route.
    expect(await client.getOrder('../../v1/oauth2/token')).toBeNull();
    expect(await client.captureOrder('a/b?c#d', 'r-2')).toEqual({ kind: 'not_found' });
  });

  it('passes through whatever the capture reports so the caller can refuse a mismatch', async () => {
    const { id } = await client.createOrder({ amountCents: 499, currency: 'USD', customId: 'mismatch' });
    paypal.approve(id);
    paypal.setCaptureOverride(id, { amountCents: 1, currency: 'EUR', status: 'PENDING' });
    const order = capturedOrder(await client.captureOrder(id, `capture-${id}`));
    expect(order.orderAmountCents).toBe(499);
    expect(order.currency).toBe('USD');
    expect(order.capture).toMatchObject({ status: 'PENDING', amountCents: 1, currency: 'EUR' });
  });

  it('refunds a capture once per request id, and reports a capture already refunded', async () => {
    const { id } = await client.createOrder({ amountCents: 700, currency: 'USD', customId: 'refund' });
    const captureId = paypal.captureOutOfBand(id);
    const first = await client.refundCapture(captureId, `refund-${captureId}`);
    expect(first).toMatchObject({ kind: 'refunded', status: 'COMPLETED' });
    expect(await client.refundCapture(captureId, `refund-${captureId}`)).toEqual(first);
    expect(await client.refundCapture(captureId, 'another-request')).toEqual({ kind: 'already_refunded' });
    expect(paypal.refunds(id).map((r) => r.cents)).toEqual([700]);
    expect(await client.refundCapture('SIMCAPNOTHING', 'r')).toEqual({ kind: 'not_found' });
    expect(await client.getCapture(captureId)).toEqual({ id: captureId, status: 'REFUNDED', orderId: id });
    expect(await client.getCapture('SIMCAPNOTHING')).toBeNull();
  });

  it('verifies a webhook delivery only as received and only for our webhook id', async () => {
    const { id } = await client.createOrder({ amountCents: 100, currency: 'USD', customId: 'hook' });
    paypal.captureOutOfBand(id);
    const delivery = paypal.webhook('PAYMENT.CAPTURE.COMPLETED', id);
    const transmission = {
      authAlgo: delivery.headers['paypal-auth-algo'] ?? '',
      certUrl: delivery.headers['paypal-cert-url'] ?? '',
      transmissionId: delivery.headers['paypal-transmission-id'] ?? '',
      transmissionSig: delivery.headers['paypal-transmission-sig'] ?? '',
      transmissionTime: delivery.headers['paypal-transmission-time'] ?? '',
    };
    const verify = (rawEvent: string, webhookId = paypal.webhookId) =>
      client.verifyWebhookSignature({ transmission, webhookId, rawEvent });
    expect(await verify(delivery.payload)).toBe(true);
    expect(await verify(delivery.payload.replace('"1.00"', '"9.00"'))).toBe(false);
    expect(await verify(delivery.payload, 'WHOTHER')).toBe(false);
  });

  it('drops a rejected token and retries the call once', async () => {
    const { id } = await client.createOrder({ amountCents: 100, currency: 'USD', customId: 'retry' });
    const before = paypal.tokenRequests();
    paypal.revokeTokens();
    const order = await client.getOrder(id);
    expect(order?.id).toBe(id);
    expect(paypal.tokenRequests() - before).toBe(1);
  });

  it('throws PayPalError on wrong credentials without leaking the secret', async () => {
    const secret = 'not-the-secret-xyz';
    const bad = createPayPalClient({ clientId: paypal.clientId, clientSecret: secret, baseUrl: paypal.baseUrl });
    const err = await rejection(bad.createOrder({ amountCents: 100, currency: 'USD', customId: 'x' }));
    expect(err).toBeInstanceOf(PayPalError);
    expect((err as PayPalError).status).toBe(401);
    expect((err as PayPalError).message).not.toContain(secret);
    expect(await rejection(bad.getOrder('SIMX'))).toBeInstanceOf(PayPalError);
  });

  it('throws PayPalError when nothing listens', async () => {
    const gone = await startPayPalStandIn();
    await gone.close();
    const c = createPayPalClient({ clientId: gone.clientId, clientSecret: gone.clientSecret, baseUrl: gone.baseUrl });
    const err = await rejection(c.getOrder('SIMX'));
    expect(err).toBeInstanceOf(PayPalError);
    expect((err as PayPalError).message).not.toContain(gone.clientSecret);
  });
});

describe('PayPal client timeouts', () => {
  let slow: PayPalStandIn;
  beforeAll(async () => {
    slow = await startPayPalStandIn({ delayMs: 500 });
  });
  afterAll(async () => slow?.close());

  it('throws PayPalError when the server is slower than timeoutMs', async () => {
    const c = createPayPalClient({
      clientId: slow.clientId,
      clientSecret: slow.clientSecret,
      baseUrl: slow.baseUrl,
      timeoutMs: 200,
    });
    // The stand-in answers after 500 ms; the client gives up at 200 ms and says so.
    const err = await rejection(c.createOrder({ amountCents: 100, currency: 'USD', customId: 'slow' }));
    expect(err).toBeInstanceOf(PayPalError);
    expect((err as PayPalError).message).toBe('PayPal authentication failed: timed out');
  });

  it('works against the slow server when the timeout is generous', async () => {
    const c = createPayPalClient({
      clientId: slow.clientId,
      clientSecret: slow.clientSecret,
      baseUrl: slow.baseUrl,
      timeoutMs: 5_000,
    });
    const { id } = await c.createOrder({ amountCents: 100, currency: 'USD', customId: 'slow-ok' });
    expect(id).toMatch(/^SIM/);
  });
});

describe('money conversion', () => {
  it('formats cents with integer math', () => {
    expect(centsToValue(499)).toBe('4.99');
    expect(centsToValue(5)).toBe('0.05');
    expect(centsToValue(1000)).toBe('10.00');
    expect(centsToValue(0)).toBe('0.00');
    expect(centsToValue(123456789)).toBe('1234567.89');
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => centsToValue(bad)).toThrow(PayPalError);
    }
  });

  it('parses values without floating point', () => {
    expect(valueToCents('4.99')).toBe(499);
    expect(valueToCents('0.05')).toBe(5);
    expect(valueToCents('10')).toBe(1000);
    expect(valueToCents('10.5')).toBe(1050);
    expect(valueToCents('10.00')).toBe(1000);
    expect(valueToCents('0.29')).toBe(29); // 0.29 * 100 = 28.999999999999996 in floating point
    expect(valueToCents('1.15')).toBe(115);
  });

  it('round-trips', () => {
    for (const cents of [0, 1, 5, 10, 29, 99, 100, 115, 499, 1000, 1050, 99999, 123456789]) {
      expect(valueToCents(centsToValue(cents))).toBe(cents);
    }
    for (const value of ['0.05', '4.99', '10.00', '1234.50']) {
      expect(centsToValue(valueToCents(value))).toBe(value);
    }
  });

  it('rejects anything that is not a plain decimal with at most two places', () => {
    for (const bad of [
      '1.234',
      '-1',
      'abc',
      '1e3',
      '',
      '.5',
      '5.',
      ' 1',
      '1 ',
      '+1',
      '0x10',
      '1,00',
      'Infinity',
      'NaN',
    ]) {
      expect(() => valueToCents(bad), bad).toThrow(PayPalError);
    }
  });
});
