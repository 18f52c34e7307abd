import { credit } from '@shop/db';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addCoinPackage, createTestApp, grantCoins, loginAs, registerUser, TEST_ADMIN, type TestApp } from './helpers';
import { race } from './race';
import { type PayPalStandIn, payPalSettings, startPayPalStandIn } from './stand-ins/paypal-server';

const DAY = 24 * 60 * 60 * 1000;
const utcMinute = (at: number) => `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const refusal = (res: LightMyRequestResponse) => ({ status: res.statusCode, message: res.json().message });

/**
 * Coins bought with PayPal wait out a hold before they can be gifted, so a refund or dispute still
 * finds them on the buyer's balance; earned coins may be given at once. The admin sees what refunds
 * could not take back.
 */
describe.each(testDialects())('the gifting hold on bought coins on %s', (dialect) => {
  let paypal: PayPalStandIn;
  let t: TestApp;
  let admin: string;
  let packageId: number;
  let seq = 0;

  beforeAll(async () => {
    paypal = await startPayPalStandIn();
    t = await createTestApp(dialect, { admin: TEST_ADMIN, payments: payPalSettings(paypal, paypal.webhookId) });
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    packageId = await addCoinPackage(t, { name: 'Fan Pack', amount: 550, priceCents: 499 });
    await registerUser(t.app, 'friend');
  });
  afterEach(async () => assertLedgerInvariant(t.db));
  afterAll(async () => {
    await t?.close();
    await paypal?.close();
  });

  const gift = (cookie: string, coins: number, requestId = `hold-gift-${++seq}`) =>
    t.app.inject({
      method: 'POST',
      url: '/api/gifts',
      headers: { cookie },
      payload: { toUsername: 'friend', coins, requestId },
    });
  const setHold = (holdDays: number) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/gifting', headers: { cookie: admin }, payload: { holdDays } });

  /** A buyer whose 550 coins were credited through the browser, now. */
  async function paidBuyer(name: string) {
    const buyer = await registerUser(t.app, name);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/paypal/order',
      headers: { cookie: buyer.cookie },
      payload: { packageId },
    });
    expect(order.statusCode, order.body).toBe(200);
    const orderId = order.json().id as string;
    paypal.approve(orderId);
    const purchase = await t.app.inject({
      method: 'POST',
      url: '/api/purchases',
      headers: { cookie: buyer.cookie },
      payload: { packageId, paypalOrderId: orderId },
    });
    expect(purchase.json()).toMatchObject({ coinsAdded: 550 });
    return { ...buyer, orderId, boughtAt: t.clock.now() };
  }

  async function detail(userId: number) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/trpc/adminTools.getUser?input=${encodeURIComponent(JSON.stringify({ userId }))}`,
      headers: { cookie: admin },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result.data;
  }

  it('gives earned coins at once and bought ones after 7 days, saying how many can go now and when more can', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/gifting', headers: { cookie: admin } })).json(),
    ).toEqual({ enabled: true, holdDays: 7 });
    const buyer = await paidBuyer('hasty');
    await grantCoins(t, buyer.id, 100);

    const early = await gift(buyer.cookie, 101);
    expect(refusal(early)).toEqual({
      status: 409,
      message: `Coins bought in the last 7 days cannot be gifted yet: you can give 100 coins now, and 550 coins more from ${utcMinute(buyer.boughtAt + 7 * DAY)}`,
    });
    expect(await t.balanceOf(buyer.cookie)).toBe(650);
    expect((await gift(buyer.cookie, 100)).statusCode).toBe(200);
    expect(refusal(await gift(buyer.cookie, 1)).message).toContain(
      'none of your coins can be given now, and 550 coins',
    );

    t.clock.advance(7 * DAY - 60_000);
    expect((await gift(buyer.cookie, 1)).statusCode).toBe(409);
    t.clock.advance(60_000);
    expect((await gift(buyer.cookie, 550)).statusCode).toBe(200);
    expect(await t.balanceOf(buyer.cookie)).toBe(0);
  });

  it('lets a refund take back coins the buyer tried to give away', async () => {
    const buyer = await paidBuyer('refunder');
    expect((await gift(buyer.cookie, 550)).statusCode).toBe(409);
    paypal.refundAsMerchant(buyer.orderId);
    const hook = paypal.webhook('PAYMENT.CAPTURE.REFUNDED', buyer.orderId);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/paypal/webhook',
      headers: hook.headers,
      payload: hook.payload,
    });
    expect(res.json().message).toBe('Took back 550 coins');
    expect(await t.balanceOf(buyer.cookie)).toBe(0);
    expect(await detail(buyer.id)).toMatchObject({ unrecoveredCoins: 0, unrecoveredChargebacks: [] });
  });

  it("shows the admin a user's unrecovered chargebacks once the coins were gone", async () => {
    // The admin may shorten the hold (0: none), and pays for it when a refund comes late.
    expect((await setHold(0)).json()).toEqual({ enabled: true, holdDays: 0 });
    try {
      const buyer = await paidBuyer('launderer');
      expect((await gift(buyer.cookie, 500)).statusCode).toBe(200);
      paypal.reverse(buyer.orderId);
      const hook = paypal.webhook('PAYMENT.CAPTURE.REVERSED', buyer.orderId);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/paypal/webhook',
        headers: hook.headers,
        payload: hook.payload,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await t.balanceOf(buyer.cookie)).toBe(0);
      expect(await detail(buyer.id)).toMatchObject({
        unrecoveredCoins: 500,
        unrecoveredChargebacks: [
          {
            orderId: buyer.orderId,
            packageName: 'Fan Pack',
            coins: 550,
            coinsReclaimed: 50,
            coinsUnrecovered: 500,
            status: 'reversed',
          },
        ],
      });
    } finally {
      await setHold(7);
    }
  });

  it('checks the hold setting', async () => {
    for (const holdDays of [-1, 91, 1.5, 'x']) {
      const res = await setHold(holdDays as number);
      expect(res.statusCode, String(holdDays)).toBe(400);
      expect(res.json().message).toContain('The hold must be a whole number of days from 0 to 90');
    }
    const none = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/gifting',
      headers: { cookie: admin },
      payload: {},
    });
    expect(none.statusCode).toBe(400);
  });
});

/** Racing gifts from one sender: each limit holds exactly, and the books balance. */
describe.each(testDialects())('gift races on %s', (dialect) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    await registerUser(t.app, 'bob');
    await registerUser(t.app, 'carol');
  });
  afterAll(async () => t?.close());

  const send = (cookie: string, coins: number, prefix: string) => (i: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/gifts',
      headers: { cookie },
      payload: { toUsername: i % 2 ? 'bob' : 'carol', coins, requestId: `${prefix}-race-gift-${i}` },
    });
  const giftsFrom = async (userId: number) =>
    (await t.db.kysely.selectFrom('gifts').select('coins').where('from_user_id', '=', userId).execute()).map((g) =>
      Number(g.coins),
    );

  it('12 gifts of 500 at once against the 5,000 daily cap: exactly 10 accepted and only they charged', async () => {
    const sender = await registerUser(t.app, 'generous');
    await grantCoins(t, sender.id, 10_000);
    const outcome = await race(t, 12, send(sender.cookie, 500, 'cap'));
    expect(outcome.statuses).toEqual({ 200: 10, 409: 2 });
    expect(outcome.refusalMessages).toEqual([
      'You can give at most 5,000 coins a day, and you have reached that today',
    ]);
    expect(await t.balanceOf(sender.cookie)).toBe(5000);
    expect(await giftsFrom(sender.id)).toEqual(Array(10).fill(500));
  });

  it('20 gifts of 40 at once against the hold: exactly the 300 earned coins go, the 1,000 bought stay', async () => {
    const sender = await registerUser(t.app, 'fresh-buyer');
    await grantCoins(t, sender.id, 300);
    const boughtAt = t.clock.now();
    await t.db.kysely
      .transaction()
      .execute((tx) =>
        credit(tx, { userId: sender.id, amount: 1000, type: 'purchase', description: 'Coins', now: boughtAt }),
      );
    const outcome = await race(t, 20, send(sender.cookie, 40, 'hold'));
    // 7 x 40 = 280 of the 300 free coins; the other 13 each found 20 free.
    expect(outcome.statuses).toEqual({ 200: 7, 409: 13 });
    expect(outcome.refusalMessages).toEqual([
      `Coins bought in the last 7 days cannot be gifted yet: you can give 20 coins now, and 1,000 coins more from ${utcMinute(boughtAt + 7 * DAY)}`,
    ]);
    expect(await t.balanceOf(sender.cookie)).toBe(1300 - 280);
    expect(await giftsFrom(sender.id)).toEqual(Array(7).fill(40));
  });
});
