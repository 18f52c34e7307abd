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

const MINUTES = 60_000;

/**
 * Partial refunds at PayPal: money the shop keeps ends as coins, whichever of the credit and the
 * refund the shop hears of first, and every refund takes back its own share, once.
 *
 * The package is 550 coins for 499 cents, so a refund of `c` cents stands for floor(550 * c / 499)
 * coins: the same rule as a refund after the credit, so the buyer ends with the same coins either way.
 */
describe.each(testDialects())('PayPal partial refunds on %s', (dialect) => {
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
    packageId = await addCoinPackage(t, { name: 'Fan Pack', amount: 550, priceCents: 499 });
  });
  afterEach(async () => assertLedgerInvariant(t.db));
  afterAll(async () => {
    await t?.close();
    await paypal?.close();
  });

  const deliver = (d: WebhookDelivery) =>
    t.app.inject({ method: 'POST', url: '/api/paypal/webhook', headers: d.headers, payload: d.payload });
  const reconcile = () => t.services.paymentReconciler.runOnce();

  async function openOrder(name: string) {
    const buyer = await registerUser(t.app, name);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/paypal/order',
      headers: { cookie: buyer.cookie },
      payload: { packageId },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { ...buyer, orderId: res.json().id as string };
  }

  const purchase = (cookie: string, paypalOrderId: string) =>
    t.app.inject({ method: 'POST', url: '/api/purchases', headers: { cookie }, payload: { packageId, paypalOrderId } });

  async function adminPayment(orderId: string): Promise<TAdminPayment | undefined> {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/payments', headers: { cookie: admin } });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as TAdminPayment[]).find((p) => p.orderId === orderId);
  }

  /** The buyer's chargeback rows by ledger reference. */
  async function chargebacks(userId: number): Promise<Record<string, number>> {
    const rows = await t.db.kysely
      .selectFrom('transactions')
      .select(['reference', 'amount'])
      .where('user_id', '=', userId)
      .where('type', '=', 'chargeback')
      .execute();
    return Object.fromEntries(rows.map((r) => [r.reference ?? '(none)', Number(r.amount)]));
  }

  /** A buyer whose 550 coins were credited through the browser. */
  async function paidBuyer(name: string) {
    const buyer = await openOrder(name);
    paypal.approve(buyer.orderId);
    expect((await purchase(buyer.cookie, buyer.orderId)).json()).toMatchObject({ coinsAdded: 550 });
    return buyer;
  }

  describe('a partial refund seen before crediting keeps the rest', () => {
    it('credits the rest when the refund webhook comes before the capture webhook', async () => {
      const { cookie, id, orderId } = await openOrder('refundfirst');
      paypal.captureOutOfBand(orderId);
      // PayPal sent COMPLETED when it captured; it arrives after the refund's event.
      const completed = paypal.webhook('PAYMENT.CAPTURE.COMPLETED', orderId);
      paypal.refundAsMerchant(orderId, 200);
      const refunded = paypal.webhook('PAYMENT.CAPTURE.REFUNDED', orderId);

      const early = await deliver(refunded);
      expect(early.statusCode, early.body).toBe(200);
      expect(early.json().message).toMatch(/before the credit/);
      expect(await t.balanceOf(cookie)).toBe(0);
      // Still to be credited, and on reconciliation's list should the COMPLETED event never come.
      expect(await findPaymentByOrderId(t.db.kysely, orderId)).toMatchObject({ status: 'created' });

      const late = await deliver(completed);
      expect(late.statusCode, late.body).toBe(200);
      // 550 - floor(550 * 200 / 499) = 550 - 220.
      expect(late.json()).toEqual({ status: 'success', message: 'Credited 330 coins' });
      expect(await t.balanceOf(cookie)).toBe(330);

      // Replays of either event change nothing.
      expect((await deliver(refunded)).json().message).toBe('Nothing more to take back');
      expect((await deliver(completed)).json().message).toBe('Already credited');
      expect(await t.balanceOf(cookie)).toBe(330);
      const ledger = await listTransactions(t.db.kysely, id);
      expect(ledger.map((e) => [e.type, e.amount])).toEqual([['purchase', 330]]);
      expect(await adminPayment(orderId)).toMatchObject({ status: 'credited', coinsReclaimed: 0, coinsUnrecovered: 0 });
      // Only the merchant's refund moved money: the rest is the buyer's coins.
      expect(paypal.refunds(orderId)).toHaveLength(1);
    });

    it('ends with the same coins when the refund and capture events race, however often they come', async () => {
      const { cookie, id, orderId } = await openOrder('eventrace');
      paypal.captureOutOfBand(orderId);
      const completed = paypal.webhook('PAYMENT.CAPTURE.COMPLETED', orderId);
      paypal.refundAsMerchant(orderId, 200);
      const refunded = paypal.webhook('PAYMENT.CAPTURE.REFUNDED', orderId);
      const replies = await Promise.all([
        ...Array.from({ length: 6 }, (_, i) => deliver(i % 2 === 0 ? refunded : completed)),
        purchase(cookie, orderId),
      ]);
      expect(replies.map((r) => r.statusCode)).toEqual(Array(7).fill(200));
      expect(await t.balanceOf(cookie)).toBe(330);
      const ledger = await listTransactions(t.db.kysely, id);
      expect(ledger.reduce((sum, e) => sum + e.amount, 0)).toBe(330);
    });

    it('credits the rest when reconciliation reads a partially refunded capture, and takes later refunds from it', async () => {
      const { cookie, orderId } = await openOrder('reconpartial');
      paypal.captureOutOfBand(orderId);
      const refundId = paypal.refundAsMerchant(orderId, 200);
      t.clock.advance(2 * MINUTES);
      expect(await reconcile()).toMatchObject({ credited: 1, refunded: 0, failed: 0 });
      expect(await t.balanceOf(cookie)).toBe(330);

      // The refund's own event, arriving after the credit that already left its coins out.
      const seen = await deliver(paypal.webhook('PAYMENT.CAPTURE.REFUNDED', orderId, { refundId }));
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json().message).toBe('Nothing more to take back');
      expect(await t.balanceOf(cookie)).toBe(330);

      // The rest refunded later takes back exactly the coins credited.
      paypal.refundAsMerchant(orderId);
      expect((await deliver(paypal.webhook('PAYMENT.CAPTURE.REFUNDED', orderId))).json().message).toBe(
        'Took back 330 coins',
      );
      expect(await t.balanceOf(cookie)).toBe(0);
      expect(await adminPayment(orderId)).toMatchObject({
        status: 'reversed',
        coinsReclaimed: 330,
        coinsUnrecovered: 0,
      });
    });

    it('credits the rest to the browser that comes back after a partial refund', async () => {
      const { cookie, id, orderId } = await openOrder('browserlate');
      paypal.captureOutOfBand(orderId);
      paypal.refundAsMerchant(orderId, 200);
      const res = await purchase(cookie, orderId);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ coinsAdded: 330, balance: 330, alreadyCredited: false });
      expect((await listTransactions(t.db.kysely, id)).map((e) => [e.type, e.amount])).toEqual([['purchase', 330]]);
    });

    it('refunds the rest at PayPal when the partially refunded capture cannot be credited', async () => {
      const { cookie, orderId } = await openOrder('partialmismatch');
      paypal.setCaptureOverride(orderId, { amountCents: 100 });
      paypal.captureOutOfBand(orderId);
      paypal.refundAsMerchant(orderId, 30);
      t.clock.advance(2 * MINUTES);
      expect(await reconcile()).toMatchObject({ refunded: 1, failed: 0 });
      // The merchant's 30 cents, then the shop's refund of the 70 it was keeping.
      expect(paypal.refunds(orderId).map((r) => r.cents)).toEqual([30, 70]);
      expect(await t.balanceOf(cookie)).toBe(0);
      expect((await findPaymentByOrderId(t.db.kysely, orderId))?.status).toBe('refunded');
    });
  });

  describe('several partial refunds of one capture', () => {
    it('takes each refund’s share under its own reference, in any order, once', async () => {
      const { cookie, id, orderId } = await paidBuyer('tworefunds');
      const first = paypal.refundAsMerchant(orderId, 100);
      const second = paypal.refundAsMerchant(orderId, 150);
      const firstEvent = paypal.webhook('PAYMENT.CAPTURE.REFUNDED', orderId, { refundId: first });
      const secondEvent = paypal.webhook('PAYMENT.CAPTURE.REFUNDED', orderId, { refundId: second });

      // The later refund's event arrives first: it takes its own share, floor(550 * 150 / 499).
      const a = await deliver(secondEvent);
      expect(a.statusCode, a.body).toBe(200);
      expect(a.json().message).toBe('Took back 165 coins');
      // The earlier one then takes the rest of what 250 cents stand for: floor(550 * 250 / 499) - 165.
      const b = await deliver(firstEvent);
      expect(b.statusCode, b.body).toBe(200);
      expect(b.json().message).toBe('Took back 110 coins');
      expect(await t.balanceOf(cookie)).toBe(275);

      // PayPal delivers at least once: replays are answered 200 and take nothing.
      for (const replay of [firstEvent, secondEvent, firstEvent]) {
        const res = await deliver(replay);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().message).toBe('Nothing more to take back');
      }
      expect(await t.balanceOf(cookie)).toBe(275);
      expect(await adminPayment(orderId)).toMatchObject({ status: 'credited', coinsReclaimed: 275 });

      // Refunding the rest takes the rest, whatever the rounding of the shares before it.
      const last = paypal.refundAsMerchant(orderId);
      expect((await deliver(paypal.webhook('PAYMENT.CAPTURE.REFUNDED', orderId))).json().message).toBe(
        'Took back 275 coins',
      );
      expect(await chargebacks(id)).toEqual({
        [`payment-refund:${second}`]: -165,
        [`payment-refund:${first}`]: -110,
        [`payment-refund:${last}`]: -275,
      });
      expect(await t.balanceOf(cookie)).toBe(0);
      expect(await adminPayment(orderId)).toMatchObject({
        status: 'reversed',
        coinsReclaimed: 550,
        coinsUnrecovered: 0,
      });
    });

    it('takes every share once when refunds of many orders arrive at once', async () => {
      const buyers = await Promise.all(['crowd1', 'crowd2', 'crowd3', 'crowd4'].map((name) => paidBuyer(name)));
      const events = buyers.flatMap(({ orderId }) => {
        const first = paypal.refundAsMerchant(orderId, 100);
        const second = paypal.refundAsMerchant(orderId, 150);
        return [first, second].map((refundId) => paypal.webhook('PAYMENT.CAPTURE.REFUNDED', orderId, { refundId }));
      });
      const replies = await Promise.all([...events, ...events].map((event) => deliver(event)));
      expect(replies.map((r) => r.statusCode)).toEqual(Array(replies.length).fill(200));
      for (const { cookie, id } of buyers) {
        // floor(550 * 250 / 499) = 275 taken in all, split between the two refunds by their order.
        expect(await t.balanceOf(cookie)).toBe(275);
        expect(Object.values(await chargebacks(id)).reduce((sum, n) => sum + n, 0)).toBe(-275);
        expect(Object.keys(await chargebacks(id))).toHaveLength(2);
      }
    });

    it('records what each refund could not take once the coins were spent', async () => {
      const { cookie, id, orderId } = await paidBuyer('twospent');
      await t.db.kysely
        .transaction()
        .execute((tx) =>
          debit(tx, { userId: id, amount: 400, type: 'action', description: 'spent', now: t.clock.now() }),
        );
      const first = paypal.refundAsMerchant(orderId, 100);
      const firstEvent = paypal.webhook('PAYMENT.CAPTURE.REFUNDED', orderId);
      const second = paypal.refundAsMerchant(orderId, 150);
      const secondEvent = paypal.webhook('PAYMENT.CAPTURE.REFUNDED', orderId);

      expect((await deliver(firstEvent)).json().message).toBe('Took back 110 coins');
      const res = await deliver(secondEvent);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe('Took back 40 coins; 125 could not be taken');
      expect((await deliver(secondEvent)).json().message).toBe('Nothing more to take back');
      expect(await t.balanceOf(cookie)).toBe(0);
      expect(await chargebacks(id)).toEqual({
        [`payment-refund:${first}`]: -110,
        [`payment-refund:${second}`]: -40,
      });
      expect(await adminPayment(orderId)).toMatchObject({
        status: 'credited',
        coinsReclaimed: 150,
        coinsUnrecovered: 125,
        needsAttention: true,
      });
    });
  });
});
