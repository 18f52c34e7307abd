import { assertDailyTotalsMatchRecount, assertLedgerInvariant, testDialects } from '@shop/db/testing';
import { DAY_MS, type TOverview } from '@shop/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAction, addEndpoint } from './delivery-helpers';
import { addCoinPackage, createTestApp, loginAs, registerUser, TEST_ADMIN, type TestApp } from './helpers';
import { type ControlledWebhook, startControlledWebhook } from './stand-ins/controlled-webhook';
import { type PayPalStandIn, payPalSettings, startPayPalStandIn } from './stand-ins/paypal-server';

/**
 * The overview's per-day totals against a recount of the ledger, payments, history and deliveries,
 * after what the shop itself does over three days: PayPal purchases, triggers whose deliveries
 * succeed or fail for good (refunded by the worker), an admin's refund of an older day's trigger,
 * a PayPal reversal and refund taking coins back, and a trigger whose transaction fails after its
 * debit. (The api killed mid-load is delivery-faults.int.test.ts, which ends with the same recount.)
 */
describe.each(testDialects())('overview totals through the shop on %s', (dialect) => {
  let paypal: PayPalStandIn;
  let hook: ControlledWebhook;
  let t: TestApp;
  let admin: string;
  let packageId: number;
  let good: number;
  let broken: number;

  beforeAll(async () => {
    paypal = await startPayPalStandIn();
    // The game refuses the broken action's command: a failure for good, refunded by the worker.
    hook = await startControlledWebhook({ answer: (request) => (request.body.includes('Broken') ? 400 : 200) });
    t = await createTestApp(dialect, {
      admin: TEST_ADMIN,
      payments: payPalSettings(paypal, paypal.webhookId),
      delivery: { autoStart: false, timeoutMs: 2_000 },
    });
    t.clock.value = Date.UTC(2026, 4, 10, 9);
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    packageId = await addCoinPackage(t, { name: 'Fan Pack', amount: 550, priceCents: 499 });
    await addEndpoint(t, hook.url, 'other', 'game');
    good = await addAction(t, { name: 'Good', gameType: 'any', cost: 40 });
    broken = await addAction(t, { name: 'Broken', gameType: 'any', cost: 25 });
  });
  afterAll(async () => {
    await t?.close();
    await hook?.close();
    await paypal?.close();
  });

  async function paidBuyer(name: string) {
    const buyer = await registerUser(t.app, name);
    const order = await t.app.inject({
      method: 'POST',
      url: '/api/paypal/order',
      headers: { cookie: buyer.cookie },
      payload: { packageId },
    });
    expect(order.statusCode, order.body).toBe(200);
    const orderId: string = order.json().id;
    paypal.approve(orderId);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/purchases',
      headers: { cookie: buyer.cookie },
      payload: { packageId, paypalOrderId: orderId },
    });
    expect(res.json()).toMatchObject({ coinsAdded: 550 });
    return { ...buyer, orderId };
  }

  async function triggered(cookie: string, actionId: number): Promise<number> {
    const res = await t.trigger(cookie, actionId);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().historyId;
  }

  /** The worker until nothing is left to send, past every backoff. */
  async function settleAll() {
    for (let round = 0; round < 5; round++) {
      while ((await t.services.deliveryWorker.runOnce()) > 0);
      t.clock.advance(60_000);
    }
  }

  async function paypalEvent(kind: 'PAYMENT.CAPTURE.REVERSED' | 'PAYMENT.CAPTURE.REFUNDED', orderId: string) {
    const event = paypal.webhook(kind, orderId);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/paypal/webhook',
      headers: event.headers,
      payload: event.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  const overview = (days: number) =>
    t.app.inject({ method: 'GET', url: `/api/admin/overview?days=${days}`, headers: { cookie: admin } });

  it('equal a recount of the rows they count, day by day, after everything the shop does', async () => {
    // Day 1: two purchases, triggers delivered and refused.
    const ann = await paidBuyer('ann');
    const ben = await paidBuyer('ben');
    const annGood = await triggered(ann.cookie, good);
    await triggered(ann.cookie, good);
    await triggered(ann.cookie, broken);
    await triggered(ben.cookie, good);
    await settleAll();
    await assertDailyTotalsMatchRecount(t.db);

    // Day 2: more triggers, one refused; an admin refunds one of day 1's delivered triggers.
    t.clock.advance(DAY_MS);
    const cid = await paidBuyer('cid');
    await triggered(cid.cookie, good);
    await triggered(ben.cookie, broken);
    await triggered(ben.cookie, good);
    await settleAll();
    const refund = await t.app.inject({
      method: 'POST',
      url: `/api/admin/refund-action/${annGood}`,
      headers: { cookie: admin },
    });
    expect(refund.statusCode, refund.body).toBe(200);
    await assertDailyTotalsMatchRecount(t.db);

    // Day 3: PayPal reverses ben's payment and refunds cid's, taking their coins back.
    t.clock.advance(DAY_MS);
    paypal.reverse(ben.orderId);
    await paypalEvent('PAYMENT.CAPTURE.REVERSED', ben.orderId);
    paypal.refundAsMerchant(cid.orderId);
    await paypalEvent('PAYMENT.CAPTURE.REFUNDED', cid.orderId);
    const chargebacks = await t.db.kysely
      .selectFrom('transactions')
      .select('amount')
      .where('type', '=', 'chargeback')
      .execute();
    expect(chargebacks).toHaveLength(2);
    await assertDailyTotalsMatchRecount(t.db);

    // A trigger whose transaction fails after its debit: the endpoint went away behind the catalog's
    // back, so the delivery row breaks its foreign key after the debit, ledger and history rows.
    const before: TOverview = (await overview(3)).json();
    const annBalance = await t.balanceOf(ann.cookie);
    await sql`DELETE FROM webhook_endpoints`.execute(t.db.kysely);
    const failed = await t.trigger(ann.cookie, good);
    expect(failed.statusCode).toBeGreaterThanOrEqual(500);
    expect(await t.balanceOf(ann.cookie)).toBe(annBalance);
    t.services.catalog.invalidate();

    await assertDailyTotalsMatchRecount(t.db);
    await assertLedgerInvariant(t.db);
    const after: TOverview = (await overview(3)).json();
    // The deleted endpoint's deliveries are now the removed group; nothing else moved.
    expect({ ...after, endpoints: [] }).toEqual({ ...before, endpoints: [] });
    expect(after.endpoints).toEqual([
      { endpointId: null, description: 'Removed endpoint', delivered: 5, failed: 2, successRate: 5 / 7 },
    ]);
    // Money counts orders still credited (ben's and cid's were taken back); coins sold stay as sold.
    expect(after.daily).toEqual([
      { day: '2026-05-10', coinsSold: 1100, moneyCents: 499, triggers: 4, refunds: 2, failedDeliveries: 1 },
      { day: '2026-05-11', coinsSold: 550, moneyCents: 0, triggers: 3, refunds: 1, failedDeliveries: 1 },
      { day: '2026-05-12', coinsSold: 0, moneyCents: 0, triggers: 0, refunds: 0, failedDeliveries: 0 },
    ]);
  });
});
