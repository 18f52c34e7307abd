import { debit, findPaymentByOrderId, listTransactions } from '@shop/db';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import type { TAdminPayment } from '@shop/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addCoinPackage, createTestApp, loginAs, registerUser, TEST_ADMIN, type TestApp } from './helpers';
import {
  type PayPalStandIn,
  payPalSettings,
  startPayPalStandIn,
  type WebhookDelivery,
} from './stand-ins/paypal-server';

describe.each(testDialects())('PayPal webhooks on %s', (dialect) => {
  let paypal: PayPalStandIn;
  let t: TestApp;
  let packageId: number;
  let admin: string;

  beforeAll(async () => {
    paypal = await startPayPalStandIn();
    t = await createTestApp(dialect, {
      admin: TEST_ADMIN,
      payments: payPalSettings(paypal, paypal.webhookId),
    });
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    packageId = await addCoinPackage(t, { name: 'Fan Pack', amount: 550, priceCents: 499, description: 'coins' });
  });
  afterEach(async () => assertLedgerInvariant(t.db));
  afterAll(async () => {
    await t?.close();
    await paypal?.close();
  });

  const deliver = (d: WebhookDelivery) =>
    t.app.inject({ method: 'POST', url: '/api/paypal/webhook', headers: d.headers, payload: d.payload });

  async function openOrder(cookie: string): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/paypal/order',
      headers: { cookie },
      payload: { packageId },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as string;
  }

  const purchase = (cookie: string, paypalOrderId: string) =>
    t.app.inject({ method: 'POST', url: '/api/purchases', headers: { cookie }, payload: { packageId, paypalOrderId } });

  /** A buyer whose 550 coins were credited through the browser. */
  async function paidBuyer(name: string) {
    const buyer = await registerUser(t.app, name);
    const orderId = await openOrder(buyer.cookie);
    paypal.approve(orderId);
    expect((await purchase(buyer.cookie, orderId)).json()).toMatchObject({ coinsAdded: 550 });
    return { ...buyer, orderId };
  }

  async function adminPayment(orderId: string): Promise<TAdminPayment | undefined> {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/payments', headers: { cookie: admin } });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as TAdminPayment[]).find((p) => p.orderId === orderId);
  }

  it('refuses an event PayPal does not vouch for with 400, and changes nothing', async () => {
    const { cookie, orderId } = await (async () => {
      const buyer = await registerUser(t.app, 'forger');
      return { ...buyer, orderId: await openOrder(buyer.cookie) };
    })();
    paypal.captureOutOfBand(orderId);
    const genuine = paypal.webhook('PAYMENT.CAPTURE.COMPLETED', orderId);
    const verifiedBefore = paypal.verifyCalls();

    const tampered = { ...genuine, payload: genuine.payload.replace('"4.99"', '"4.98"') };
    const unsigned = { headers: { 'content-type': 'application/json' }, payload: genuine.payload };
    const forged = { ...genuine, headers: { ...genuine.headers, 'paypal-transmission-sig': 'AAAA' } };
    for (const delivery of [tampered, unsigned, forged]) {
      const res = await deliver(delivery);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 'error', message: 'Webhook signature could not be verified' });
    }
    // The two with headers were put to PayPal; the one without was refused without asking.
    expect(paypal.verifyCalls() - verifiedBefore).toBe(2);
    expect(await t.balanceOf(cookie)).toBe(0);
    expect((await findPaymentByOrderId(t.db.kysely, orderId))?.status).toBe('created');

    const junk = await t.app.inject({
      method: 'POST',
      url: '/api/paypal/webhook',
      headers: genuine.headers,
      payload: '{not json',
    });
    expect(junk.statusCode).toBe(400);
    expect(junk.json()).toEqual({ status: 'error', message: 'Request body is not valid JSON' });
  });

  it('credits nothing more for COMPLETED after the browser’s purchase', async () => {
    const { cookie, id, orderId } = await paidBuyer('browserfirst');
    const res = await deliver(paypal.webhook('PAYMENT.CAPTURE.COMPLETED', orderId));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: 'Already credited' });
    expect(await t.balanceOf(cookie)).toBe(550);
    expect(await listTransactions(t.db.kysely, id)).toHaveLength(1);
  });

  it('credits once from COMPLETED alone when the buyer closed the tab before the purchase call', async () => {
    const { cookie, id } = await registerUser(t.app, 'tabcloser');
    const orderId = await openOrder(cookie);
    const captureId = paypal.captureOutOfBand(orderId);
    const delivery = paypal.webhook('PAYMENT.CAPTURE.COMPLETED', orderId);
    const first = await deliver(delivery);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ status: 'success', message: 'Credited 550 coins' });
    expect(await t.balanceOf(cookie)).toBe(550);

    // PayPal delivers at least once: the same event again changes nothing.
    const replay = await deliver(delivery);
    expect(replay.json()).toEqual({ status: 'success', message: 'Already credited' });
    // The browser coming back later shares the same credit.
    expect((await purchase(cookie, orderId)).json()).toMatchObject({ coinsAdded: 0, alreadyCredited: true });
    expect(await t.balanceOf(cookie)).toBe(550);
    const ledger = await listTransactions(t.db.kysely, id);
    expect(ledger.map((e) => [e.type, e.amount])).toEqual([['purchase', 550]]);
    expect(await findPaymentByOrderId(t.db.kysely, orderId)).toMatchObject({
      status: 'credited',
      capture_id: captureId,
    });
  });

  it('credits once when webhooks race the browser for the same capture', async () => {
    const { cookie, id } = await registerUser(t.app, 'racer');
    const orderId = await openOrder(cookie);
    paypal.captureOutOfBand(orderId);
    const delivery = paypal.webhook('PAYMENT.CAPTURE.COMPLETED', orderId);
    const replies = await Promise.all([
      ...Array.from({ length: 10 }, () => deliver(delivery)),
      ...Array.from({ length: 10 }, () => purchase(cookie, orderId)),
    ]);
    expect(replies.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    expect(await t.balanceOf(cookie)).toBe(550);
    expect(await listTransactions(t.db.kysely, id)).toHaveLength(1);
  });

  it('takes back once when refund events race each other', async () => {
    const { cookie, id, orderId } = await paidBuyer('refundracer');
    const firstHalf = paypal.refundAsMerchant(orderId, 250);
    paypal.refundAsMerchant(orderId);
    const deliveries = [
      paypal.webhook('PAYMENT.CAPTURE.REFUNDED', orderId, { refundId: firstHalf }),
      paypal.webhook('PAYMENT.CAPTURE.REFUNDED', orderId),
    ];
    const replies = await Promise.all(
      Array.from({ length: 10 }, (_, i) => deliver(deliveries[i % 2] as WebhookDelivery)),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(await t.balanceOf(cookie)).toBe(0);
    const chargebacks = (await listTransactions(t.db.kysely, id)).filter((e) => e.type === 'chargeback');
    expect(chargebacks.reduce((sum, e) => sum + e.amount, 0)).toBe(-550);
    expect(await adminPayment(orderId)).toMatchObject({ coinsReclaimed: 550, coinsUnrecovered: 0 });
  });

  it('takes the coins back with a ledger row when PayPal refunds, once however often the event comes', async () => {
    const { cookie, id, orderId } = await paidBuyer('refunded');
    paypal.refundAsMerchant(orderId);
    const delivery = paypal.webhook('PAYMENT.CAPTURE.REFUNDED', orderId);
    const res = await deliver(delivery);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: 'Took back 550 coins' });
    expect(await t.balanceOf(cookie)).toBe(0);

    expect((await deliver(delivery)).json()).toEqual({ status: 'success', message: 'Nothing more to take back' });
    expect(await t.balanceOf(cookie)).toBe(0);
    const ledger = await listTransactions(t.db.kysely, id);
    expect(ledger.map((e) => [e.type, e.amount, e.description])).toEqual([
      ['chargeback', -550, 'Refunded at PayPal: Fan Pack'],
      ['purchase', 550, 'Purchased Fan Pack'],
    ]);
    expect(await adminPayment(orderId)).toMatchObject({
      status: 'reversed',
      coinsReclaimed: 550,
      coinsUnrecovered: 0,
      needsAttention: false,
    });
    // A browser retry cannot bring the coins back.
    const retry = await purchase(cookie, orderId);
    expect(retry.statusCode).toBe(422);
    expect(await t.balanceOf(cookie)).toBe(0);
  });

  it('takes back only what is left after the coins were spent, and shows admins the shortfall', async () => {
    const { cookie, id, orderId } = await paidBuyer('spender');
    await t.db.kysely
      .transaction()
      .execute((tx) =>
        debit(tx, { userId: id, amount: 500, type: 'action', description: 'spent', now: t.clock.now() }),
      );
    paypal.refundAsMerchant(orderId);
    const res = await deliver(paypal.webhook('PAYMENT.CAPTURE.REFUNDED', orderId));
    expect(res.json()).toEqual({ status: 'success', message: 'Took back 50 coins; 500 could not be taken' });
    expect(await t.balanceOf(cookie)).toBe(0);
    const payment = await adminPayment(orderId);
    expect(payment).toMatchObject({
      username: 'spender',
      status: 'reversed',
      coins: 550,
      coinsReclaimed: 50,
      coinsUnrecovered: 500,
      needsAttention: true,
      reason: 'Refunded at PayPal: 50 coins taken back, 500 could not be (already spent)',
    });
    // Coins granted later are not quietly taken for the old shortfall.
    expect((await deliver(paypal.webhook('PAYMENT.CAPTURE.REFUNDED', orderId))).json().message).toBe(
      'Nothing more to take back',
    );
    const viewer = await t.app.inject({ method: 'GET', url: '/api/admin/payments', headers: { cookie } });
    expect(viewer.statusCode).toBe(403);
  });

  it('takes back coins in proportion to a partial refund, rounded down, and the rest on the final refund', async () => {
    const { cookie, orderId } = await paidBuyer('partial');
    const firstRefund = paypal.refundAsMerchant(orderId, 200);
    const first = await deliver(paypal.webhook('PAYMENT.CAPTURE.REFUNDED', orderId));
    // 550 coins * 200 / 499 cents = 220.4: the buyer keeps the fraction.
    expect(first.json().message).toBe('Took back 220 coins');
    expect(await t.balanceOf(cookie)).toBe(330);
    expect((await adminPayment(orderId))?.status).toBe('credited');

    paypal.refundAsMerchant(orderId);
    expect((await deliver(paypal.webhook('PAYMENT.CAPTURE.REFUNDED', orderId))).json().message).toBe(
      'Took back 330 coins',
    );
    // The first refund's event arriving late (or again) owes nothing more.
    const late = await deliver(paypal.webhook('PAYMENT.CAPTURE.REFUNDED', orderId, { refundId: firstRefund }));
    expect(late.json().message).toBe('Nothing more to take back');
    expect(await t.balanceOf(cookie)).toBe(0);
    expect(await adminPayment(orderId)).toMatchObject({ status: 'reversed', coinsReclaimed: 550 });
  });

  it('takes the coins back when PayPal reverses the capture', async () => {
    const { cookie, id, orderId } = await paidBuyer('chargeback');
    paypal.reverse(orderId);
    const delivery = paypal.webhook('PAYMENT.CAPTURE.REVERSED', orderId);
    expect((await deliver(delivery)).json().message).toBe('Took back 550 coins');
    expect((await deliver(delivery)).json().message).toBe('Nothing more to take back');
    expect(await t.balanceOf(cookie)).toBe(0);
    const ledger = await listTransactions(t.db.kysely, id);
    expect(ledger[0]).toMatchObject({ type: 'chargeback', amount: -550, description: 'Reversed at PayPal: Fan Pack' });
  });

  it('refunds at PayPal a capture that does not match the order, instead of keeping it', async () => {
    const { cookie } = await registerUser(t.app, 'mismatch');
    const orderId = await openOrder(cookie);
    paypal.setCaptureOverride(orderId, { amountCents: 100 });
    paypal.captureOutOfBand(orderId);
    const res = await deliver(paypal.webhook('PAYMENT.CAPTURE.COMPLETED', orderId));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe(
      'The paid amount does not match the package price; the payment was refunded at PayPal',
    );
    expect(paypal.refunds(orderId)).toEqual([
      expect.objectContaining({ cents: 100, requestId: expect.stringMatching(/^refund-/) }),
    ]);
    expect(await t.balanceOf(cookie)).toBe(0);
    expect(await adminPayment(orderId)).toMatchObject({ status: 'refunded', needsAttention: true });

    // PayPal then reports its own refund: nothing was credited, so nothing is taken.
    const refunded = await deliver(paypal.webhook('PAYMENT.CAPTURE.REFUNDED', orderId));
    expect(refunded.statusCode).toBe(200);
    expect(await t.balanceOf(cookie)).toBe(0);
    expect(paypal.refunds(orderId)).toHaveLength(1);
  });

  it('closes an order refunded before anyone credited it, so a late COMPLETED credits nothing', async () => {
    const { cookie } = await registerUser(t.app, 'outoforder');
    const orderId = await openOrder(cookie);
    paypal.captureOutOfBand(orderId);
    const completed = paypal.webhook('PAYMENT.CAPTURE.COMPLETED', orderId);
    paypal.refundAsMerchant(orderId);
    const refunded = await deliver(paypal.webhook('PAYMENT.CAPTURE.REFUNDED', orderId));
    expect(refunded.json().message).toBe('The order was never credited; marked refunded');
    expect((await deliver(completed)).json().message).toBe('Order already refunded');
    expect(await t.balanceOf(cookie)).toBe(0);
  });

  it('acknowledges events about orders this shop never made', async () => {
    const provider = t.services.payments;
    if (provider.kind !== 'paypal') throw new Error('expected PayPal');
    const { id } = await provider.gateway.createOrder({ amountCents: 1000, currency: 'USD', customId: 'elsewhere' });
    paypal.captureOutOfBand(id);
    const res = await deliver(paypal.webhook('PAYMENT.CAPTURE.COMPLETED', id));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      message: 'No order of this shop matches the event; nothing to do',
    });
  });
});

describe.each(testDialects())('PayPal webhooks that cannot be verified on %s', (dialect) => {
  let paypal: PayPalStandIn;
  beforeAll(async () => {
    paypal = await startPayPalStandIn();
  });
  afterAll(async () => paypal?.close());

  async function eventFor(t: TestApp): Promise<WebhookDelivery> {
    const provider = t.services.payments;
    if (provider.kind !== 'paypal') throw new Error('expected PayPal');
    const { id } = await provider.gateway.createOrder({ amountCents: 499, currency: 'USD', customId: 'x' });
    paypal.captureOutOfBand(id);
    return paypal.webhook('PAYMENT.CAPTURE.COMPLETED', id);
  }

  it('answers 503 without PAYPAL_WEBHOOK_ID, asking PayPal nothing', async () => {
    const t = await createTestApp(dialect, {
      payments: payPalSettings(paypal),
    });
    try {
      const delivery = await eventFor(t);
      const before = paypal.verifyCalls();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/paypal/webhook',
        headers: delivery.headers,
        payload: delivery.payload,
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'error',
        message: 'PayPal webhooks are not configured (PAYPAL_WEBHOOK_ID is not set)',
      });
      expect(paypal.verifyCalls()).toBe(before);
    } finally {
      await t.close();
    }
  });

  it('does not verify deliveries meant for another webhook id', async () => {
    const t = await createTestApp(dialect, {
      payments: payPalSettings(paypal, 'WHSOMEONEELSE'),
    });
    try {
      const delivery = await eventFor(t);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/paypal/webhook',
        headers: delivery.headers,
        payload: delivery.payload,
      });
      expect(res.statusCode).toBe(400);
    } finally {
      await t.close();
    }
  });

  it('answers 503 in demo mode', async () => {
    const t = await createTestApp(dialect, { payments: { provider: 'demo' } });
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/paypal/webhook',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().status).toBe('error');
    } finally {
      await t.close();
    }
  });
});
