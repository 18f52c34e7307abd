import { findPaymentByOrderId, listTransactions } from '@shop/db';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addCoinPackage, createTestApp, loginAs, registerUser, TEST_ADMIN, type TestApp } from './helpers';
import { type PayPalStandIn, payPalSettings, startPayPalStandIn } from './stand-ins/paypal-server';

describe.each(testDialects())('buying coins through PayPal on %s', (dialect) => {
  let paypal: PayPalStandIn;
  let t: TestApp;
  let packageId: number;

  beforeAll(async () => {
    paypal = await startPayPalStandIn();
    t = await createTestApp(dialect, {
      admin: TEST_ADMIN,
      payments: payPalSettings(paypal),
    });
    packageId = await addCoinPackage(t, { name: 'Fan Pack', amount: 550, priceCents: 499, description: 'coins' });
  });
  afterEach(async () => assertLedgerInvariant(t.db));
  afterAll(async () => {
    await t?.close();
    await paypal?.close();
  });

  async function openOrder(cookie: string, payload: Record<string, unknown> = {}) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/paypal/order',
      headers: { cookie },
      payload: { amount: '4.99', currency: 'USD', intent: 'CAPTURE', packageId, ...payload },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as string;
  }

  const purchase = (cookie: string, paypalOrderId: string, pkg = packageId) =>
    t.app.inject({
      method: 'POST',
      url: '/api/purchases',
      headers: { cookie },
      payload: { packageId: pkg, paypalOrderId },
    });

  it('offers the PayPal buttons with our client id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/paypal/setup' });
    expect(res.json()).toEqual({ provider: 'paypal', clientId: paypal.clientId, currency: 'USD', notice: null });
  });

  it('credits an order once when both capture and purchase arrive', async () => {
    const { cookie, id } = await registerUser(t.app, 'buyer1');
    const orderId = await openOrder(cookie);
    paypal.approve(orderId);
    const capture = await t.app.inject({
      method: 'POST',
      url: `/api/paypal/order/${orderId}/capture?packageId=${packageId}`,
      headers: { cookie },
    });
    expect(capture.statusCode, capture.body).toBe(200);
    expect(capture.json()).toEqual({ status: 'success', coinsAdded: 550, balance: 550, alreadyCredited: false });
    const again = await purchase(cookie, orderId);
    expect(again.json()).toEqual({ status: 'success', coinsAdded: 0, balance: 550, alreadyCredited: true });
    expect(await t.balanceOf(cookie)).toBe(550);
    const ledger = await listTransactions(t.db.kysely, id);
    expect(ledger.map((e) => [e.type, e.amount, e.description])).toEqual([['purchase', 550, 'Purchased Fan Pack']]);
  });

  it('credits once under 50 concurrent purchase calls for the same order', async () => {
    const { cookie, id } = await registerUser(t.app, 'buyer2');
    const orderId = await openOrder(cookie);
    paypal.approve(orderId);
    const replies = await Promise.all(Array.from({ length: 50 }, () => purchase(cookie, orderId)));
    expect(replies.map((r) => r.statusCode)).toEqual(Array(50).fill(200));
    expect(replies.filter((r) => r.json().alreadyCredited === false)).toHaveLength(1);
    expect(await t.balanceOf(cookie)).toBe(550);
    expect(await listTransactions(t.db.kysely, id)).toHaveLength(1);
    expect(paypal.capturesExecuted(orderId)).toBe(1);
  });

  const REFUNDED = 'The payment was refunded to your PayPal account.';
  it.each([
    [
      'an amount lower than the price',
      { amountCents: 100 },
      100,
      `The paid amount does not match the package price. ${REFUNDED}`,
    ],
    ['another currency', { currency: 'EUR' }, 499, `The payment currency EUR is not USD. ${REFUNDED}`],
  ])('refunds at PayPal, and credits nothing for, %s', async (_what, override, captured, message) => {
    const { cookie, id } = await registerUser(t.app, `refunded${Object.keys(override)[0]}`);
    const orderId = await openOrder(cookie);
    paypal.approve(orderId);
    paypal.setCaptureOverride(orderId, override);
    const replies = await Promise.all([purchase(cookie, orderId), purchase(cookie, orderId)]);
    for (const res of replies) {
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ status: 'error', message });
    }
    expect(await t.balanceOf(cookie)).toBe(0);
    expect(await listTransactions(t.db.kysely, id)).toEqual([]);
    // The whole capture went back, once, however many calls saw the mismatch.
    expect(paypal.refunds(orderId).map((r) => r.cents)).toEqual([captured]);
    const payment = await findPaymentByOrderId(t.db.kysely, orderId);
    expect(payment?.status).toBe('refunded');
    // A retry after the refund is told the same, and nothing moves.
    expect((await purchase(cookie, orderId)).json().message).toBe(message);
    expect(paypal.refunds(orderId)).toHaveLength(1);
  });

  it('refuses a capture that is not completed and credits nothing', async () => {
    const { cookie, id } = await registerUser(t.app, 'declined');
    const orderId = await openOrder(cookie);
    paypal.approve(orderId);
    paypal.setCaptureOverride(orderId, { status: 'DECLINED' });
    const res = await purchase(cookie, orderId);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ status: 'error', message: 'The payment is not completed (status DECLINED)' });
    expect(await t.balanceOf(cookie)).toBe(0);
    expect(await listTransactions(t.db.kysely, id)).toEqual([]);
    expect(paypal.refunds(orderId)).toEqual([]);
    expect((await findPaymentByOrderId(t.db.kysely, orderId))?.status).toBe('refused');
  });

  it('credits the coins and checks the price the order was opened with, though the admin edited the package', async () => {
    const admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const pkg = await addCoinPackage(t, { name: 'Edited Pack', amount: 300, priceCents: 299 });
    const { cookie, id } = await registerUser(t.app, 'snapshot');
    const orderId = await openOrder(cookie, { packageId: pkg, amount: '2.99' });
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/coin-packages/${pkg}`,
      headers: { cookie: admin },
      payload: { name: 'Bigger Pack', amount: 5000, price: 999 },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    paypal.approve(orderId);
    const res = await purchase(cookie, orderId, pkg);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ coinsAdded: 300, balance: 300 });
    expect((await listTransactions(t.db.kysely, id)).map((e) => [e.amount, e.description])).toEqual([
      [300, 'Purchased Edited Pack'],
    ]);
    expect(paypal.refunds(orderId)).toEqual([]);
  });

  it('refuses an order the buyer has not approved, and credits it once approved', async () => {
    const { cookie } = await registerUser(t.app, 'slowbuyer');
    const orderId = await openOrder(cookie);
    const early = await purchase(cookie, orderId);
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toBe('The payment has not been approved yet');
    expect(await t.balanceOf(cookie)).toBe(0);
    paypal.approve(orderId);
    expect((await purchase(cookie, orderId)).json().coinsAdded).toBe(550);
  });

  it('refuses an unknown order id', async () => {
    const { cookie } = await registerUser(t.app, 'guesser');
    const res = await purchase(cookie, 'SIMNOTREAL123');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 'error', message: 'Payment order not found' });
    expect(await t.balanceOf(cookie)).toBe(0);
  });

  it("refuses another user's order id", async () => {
    const owner = await registerUser(t.app, 'owner');
    const thief = await registerUser(t.app, 'thief');
    const orderId = await openOrder(owner.cookie);
    paypal.approve(orderId);
    const res = await purchase(thief.cookie, orderId);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('This payment order belongs to another account');
    expect(await t.balanceOf(thief.cookie)).toBe(0);
    expect(paypal.captureCalls(orderId)).toBe(0);
  });

  it('refuses an unknown package, and a package other than the one ordered', async () => {
    const { cookie } = await registerUser(t.app, 'packager');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/paypal/order',
      headers: { cookie },
      payload: { currency: 'USD', intent: 'CAPTURE', packageId: 9999 },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Coin package not found');
    const orderId = await openOrder(cookie);
    paypal.approve(orderId);
    const unknown = await purchase(cookie, orderId, 9999);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe('This payment order was made for another coin package');
    const cheap = await addCoinPackage(t, { name: 'Big', amount: 99999, priceCents: 499 });
    const swapped = await purchase(cookie, orderId, cheap);
    expect(swapped.statusCode).toBe(422);
    expect(swapped.json().message).toBe('This payment order was made for another coin package');
    expect(await t.balanceOf(cookie)).toBe(0);
    // A wrong package in the request does not spoil the order: the right one still credits it.
    expect((await purchase(cookie, orderId)).json()).toMatchObject({ coinsAdded: 550, balance: 550 });
  });

  it('refuses an order amount that differs from the package price', async () => {
    const { cookie } = await registerUser(t.app, 'haggler');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/paypal/order',
      headers: { cookie },
      payload: { amount: '0.01', currency: 'USD', intent: 'CAPTURE', packageId },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('amount: the package costs $4.99');
  });

  it('needs a signed-in buyer', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/purchase',
      payload: { packageId, paypalOrderId: 'X' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('lists the buyer’s own transactions, newest first', async () => {
    const { cookie } = await registerUser(t.app, 'historian');
    for (const _ of [1, 2]) {
      const orderId = await openOrder(cookie);
      paypal.approve(orderId);
      await purchase(cookie, orderId);
      t.clock.advance(1000);
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/transactions', headers: { cookie } });
    const list = res.json() as { amount: number; createdAt: string }[];
    expect(list.map((e) => e.amount)).toEqual([550, 550]);
    expect(Date.parse(list[0]?.createdAt ?? '')).toBeGreaterThan(Date.parse(list[1]?.createdAt ?? ''));
    expect((await t.app.inject({ method: 'GET', url: '/api/transactions' })).statusCode).toBe(401);
  });
});

describe.each(testDialects())('when PayPal cannot be reached on %s', (dialect) => {
  it('answers 502 and credits nothing', async () => {
    const paypal = await startPayPalStandIn();
    const baseUrl = paypal.baseUrl;
    await paypal.close();
    const t = await createTestApp(dialect, {
      payments: { provider: 'paypal', clientId: 'id', clientSecret: 'secret', baseUrl },
    });
    try {
      const pkg = await addCoinPackage(t, { name: 'P', amount: 10, priceCents: 100 });
      const { cookie } = await registerUser(t.app, 'offline');
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/paypal/order',
        headers: { cookie },
        payload: { packageId: pkg },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json()).toEqual({ status: 'error', message: 'Failed to connect to payment service' });
      await assertLedgerInvariant(t.db);
    } finally {
      await t.close();
    }
  });
});
