import { findPaymentByOrderId, listTransactions } from '@shop/db';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { RECONCILE_GIVE_UP_MS } from '../src/payments/reconcile';
import { addCoinPackage, createTestApp, registerUser, type TestApp, testConfig } from './helpers';
import { type PayPalStandIn, payPalSettings, startPayPalStandIn } from './stand-ins/paypal-server';

const MINUTES = 60_000;

describe.each(testDialects())('payment reconciliation on %s', (dialect) => {
  let paypal: PayPalStandIn;
  let t: TestApp;
  let packageId: number;
  const payments = () => payPalSettings(paypal);

  beforeAll(async () => {
    paypal = await startPayPalStandIn();
    t = await createTestApp(dialect, { payments: payments() });
    packageId = await addCoinPackage(t, { name: 'Fan Pack', amount: 550, priceCents: 499 });
  });
  afterEach(async () => assertLedgerInvariant(t.db));
  afterAll(async () => {
    await t?.close();
    await paypal?.close();
  });

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

  const statusOf = async (orderId: string) => (await findPaymentByOrderId(t.db.kysely, orderId))?.status;
  const reconcile = () => t.services.paymentReconciler.runOnce();

  it('credits an order PayPal captured that nobody reported, once', async () => {
    const { cookie, id, orderId } = await openOrder('unreported');
    paypal.captureOutOfBand(orderId);
    // Within the first minute the browser is still expected: the order is left to it.
    expect(await statusOf(orderId)).toBe('created');
    await reconcile();
    expect(await statusOf(orderId)).toBe('created');

    t.clock.advance(2 * MINUTES);
    expect(await reconcile()).toMatchObject({ credited: 1, failed: 0 });
    expect(await t.balanceOf(cookie)).toBe(550);
    expect(await reconcile()).toMatchObject({ credited: 0 });
    expect(await listTransactions(t.db.kysely, id)).toHaveLength(1);
  });

  it('captures and credits an order the buyer approved before closing the tab', async () => {
    const { cookie, orderId } = await openOrder('approvedonly');
    paypal.approve(orderId);
    t.clock.advance(2 * MINUTES);
    expect(await reconcile()).toMatchObject({ credited: 1 });
    expect(paypal.capturesExecuted(orderId)).toBe(1);
    expect(await t.balanceOf(cookie)).toBe(550);
    // The browser's late capture uses the same request id: no second capture, no second credit.
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/paypal/order/${orderId}/capture`,
      headers: { cookie },
    });
    expect(late.json()).toMatchObject({ coinsAdded: 0, alreadyCredited: true });
    expect(paypal.capturesExecuted(orderId)).toBe(1);
  });

  it('leaves an order not yet approved alone, and refuses it once PayPal would have let it lapse', async () => {
    const { cookie, orderId } = await openOrder('undecided');
    t.clock.advance(30 * MINUTES);
    await reconcile();
    expect(await statusOf(orderId)).toBe('created');
    expect(paypal.captureCalls(orderId)).toBe(0);

    t.clock.advance(RECONCILE_GIVE_UP_MS);
    await reconcile();
    expect(await findPaymentByOrderId(t.db.kysely, orderId)).toMatchObject({
      status: 'refused',
      failure_reason: 'The order was never paid (status CREATED after 6 hours)',
    });
    expect(await t.balanceOf(cookie)).toBe(0);
  });

  it('refuses a voided order at once, and one PayPal no longer knows only after hours', async () => {
    const voided = await openOrder('voided');
    const gone = await openOrder('gone');
    paypal.voidOrder(voided.orderId);
    paypal.forgetOrder(gone.orderId);
    t.clock.advance(2 * MINUTES);
    await reconcile();
    expect(await statusOf(voided.orderId)).toBe('refused');
    expect(await statusOf(gone.orderId)).toBe('created');
    t.clock.advance(RECONCILE_GIVE_UP_MS);
    await reconcile();
    expect(await findPaymentByOrderId(t.db.kysely, gone.orderId)).toMatchObject({
      status: 'refused',
      failure_reason: 'The order no longer exists at PayPal',
    });
  });

  it('refunds at PayPal a captured order that does not match what was ordered', async () => {
    const { cookie, orderId } = await openOrder('reconmismatch');
    paypal.setCaptureOverride(orderId, { currency: 'EUR' });
    paypal.captureOutOfBand(orderId);
    t.clock.advance(2 * MINUTES);
    expect(await reconcile()).toMatchObject({ refunded: 1 });
    expect(paypal.refunds(orderId).map((r) => r.cents)).toEqual([499]);
    expect(await statusOf(orderId)).toBe('refunded');
    expect(await t.balanceOf(cookie)).toBe(0);
  });

  it('keeps going when PayPal fails for one pass, and settles on the next', async () => {
    const { cookie, orderId } = await openOrder('flaky');
    paypal.captureOutOfBand(orderId);
    t.clock.advance(2 * MINUTES);
    const provider = t.services.payments;
    if (provider.kind !== 'paypal') throw new Error('expected PayPal');
    const spy = vi.spyOn(provider.gateway, 'getOrder').mockRejectedValueOnce(new Error('network down'));
    try {
      expect(await reconcile()).toMatchObject({ failed: 1, credited: 0 });
      expect(await reconcile()).toMatchObject({ credited: 1 });
    } finally {
      spy.mockRestore();
    }
    expect(await t.balanceOf(cookie)).toBe(550);
  });

  it('runs a pass when the app starts', async () => {
    const { cookie, orderId } = await openOrder('atstartup');
    paypal.captureOutOfBand(orderId);
    t.clock.advance(2 * MINUTES);
    // A second process on the same database, with reconciliation on as in production.
    const { app, services } = await buildApp(
      testConfig({ payments: payments(), paymentReconcile: { intervalMs: 60 * MINUTES } }),
      { db: t.db, now: t.clock.now },
    );
    try {
      await app.ready();
      await vi.waitFor(async () => expect(await statusOf(orderId)).toBe('credited'), { timeout: 20_000, interval: 20 });
      expect(await t.balanceOf(cookie)).toBe(550);
      // The pass found the order, so a pass now has nothing left to do. The start-up pass may still be
      // finishing (the credit commits before the pass ends) and runOnce joins a pass under way: the
      // first call waits for it, the second is a pass of its own.
      await services.paymentReconciler.runOnce();
      expect(await services.paymentReconciler.runOnce()).toMatchObject({ checked: 0 });
    } finally {
      await app.close();
    }
  });
});

describe.each(testDialects())('demo payment reconciliation on %s', (dialect) => {
  it('closes an abandoned demo order after hours and never touches a paid one', async () => {
    const t = await createTestApp(dialect, { payments: { provider: 'demo' } });
    try {
      const packageId = await addCoinPackage(t, { name: 'Starter', amount: 100, priceCents: 99 });
      const { cookie } = await registerUser(t.app, 'demoabandon');
      const open = async () =>
        (
          await t.app.inject({ method: 'POST', url: '/api/paypal/order', headers: { cookie }, payload: { packageId } })
        ).json().id as string;
      const abandoned = await open();
      const paid = await open();
      await t.app.inject({ method: 'POST', url: `/api/paypal/order/${paid}/capture`, headers: { cookie } });
      t.clock.advance(2 * MINUTES);
      await t.services.paymentReconciler.runOnce();
      expect((await findPaymentByOrderId(t.db.kysely, abandoned))?.status).toBe('created');
      t.clock.advance(RECONCILE_GIVE_UP_MS);
      await t.services.paymentReconciler.runOnce();
      expect((await findPaymentByOrderId(t.db.kysely, abandoned))?.status).toBe('refused');
      expect((await findPaymentByOrderId(t.db.kysely, paid))?.status).toBe('credited');
      await assertLedgerInvariant(t.db);
    } finally {
      await t.close();
    }
  });
});
