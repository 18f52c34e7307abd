import { findPaymentByOrderId, listTransactions } from '@shop/db';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import type { TAdminPayment } from '@shop/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  RECONCILE_BACKOFF_BASE_MS,
  RECONCILE_BACKOFF_CAP_MS,
  RECONCILE_MAX_CHECKS,
  RECONCILE_MIN_AGE_MS,
} from '../src/payments/reconcile';
import { addCoinPackage, createTestApp, loginAs, registerUser, TEST_ADMIN, type TestApp } from './helpers';
import { type PayPalStandIn, payPalSettings, startPayPalStandIn } from './stand-ins/paypal-server';

describe.each(testDialects())('reconciliation of a backlog on %s', (dialect) => {
  let paypal: PayPalStandIn;
  let t: TestApp;
  let packageId: number;

  beforeEach(async () => {
    paypal = await startPayPalStandIn();
    t = await createTestApp(dialect, { admin: TEST_ADMIN, payments: payPalSettings(paypal) });
    packageId = await addCoinPackage(t, { name: 'Fan Pack', amount: 550, priceCents: 499 });
  });
  afterEach(async () => {
    try {
      await assertLedgerInvariant(t.db);
    } finally {
      await t?.close();
      await paypal?.close();
    }
  });

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

  const reconcile = () => t.services.paymentReconciler.runOnce();

  /** Counts the order reads reconciliation makes, per order, without changing what PayPal answers. */
  function countOrderReads(): (orderId: string) => number {
    const provider = t.services.payments;
    if (provider.kind !== 'paypal') throw new Error('expected PayPal');
    const spy = vi.spyOn(provider.gateway, 'getOrder');
    return (orderId) => spy.mock.calls.filter(([id]) => id === orderId).length;
  }

  it('credits, in one pass, a captured order that sits behind more than a hundred stuck ones', async () => {
    const stuckBuyer = await registerUser(t.app, 'hesitant');
    for (let i = 0; i < 120; i++) await openOrder(stuckBuyer.cookie);
    const { cookie, id } = await registerUser(t.app, 'patient');
    const orderId = await openOrder(cookie);
    paypal.captureOutOfBand(orderId);

    t.clock.advance(RECONCILE_MIN_AGE_MS + 1);
    expect(await reconcile()).toMatchObject({ checked: 121, credited: 1, failed: 0 });
    expect(await t.balanceOf(cookie)).toBe(550);
    expect(await listTransactions(t.db.kysely, id)).toHaveLength(1);
    expect(await t.balanceOf(stuckBuyer.cookie)).toBe(0);
  });

  it('waits longer between checks of a stuck order, and after the limit stops and flags it', async () => {
    const { cookie } = await registerUser(t.app, 'echeck');
    const orderId = await openOrder(cookie);
    // An eCheck: PayPal took the order but the money is still on its way, and stays so.
    paypal.setCaptureOverride(orderId, { status: 'PENDING' });
    paypal.captureOutOfBand(orderId);
    const reads = countOrderReads();

    t.clock.advance(RECONCILE_MIN_AGE_MS + 1);
    await reconcile();
    expect(reads(orderId)).toBe(1);
    // One failed check may be a blip: the next pass asks again.
    await reconcile();
    expect(reads(orderId)).toBe(2);
    // From then on each wait doubles, starting at the base.
    await reconcile();
    t.clock.advance(RECONCILE_BACKOFF_BASE_MS - 1);
    await reconcile();
    expect(reads(orderId)).toBe(2);
    t.clock.advance(1);
    await reconcile();
    expect(reads(orderId)).toBe(3);
    t.clock.advance(2 * RECONCILE_BACKOFF_BASE_MS - 1);
    await reconcile();
    expect(reads(orderId)).toBe(3);
    t.clock.advance(1);
    await reconcile();
    expect(reads(orderId)).toBe(4);

    // Drive passes, each after the longest wait, until the limit; then it is never asked about again.
    for (let pass = 0; pass < RECONCILE_MAX_CHECKS && reads(orderId) < RECONCILE_MAX_CHECKS; pass++) {
      t.clock.advance(RECONCILE_BACKOFF_CAP_MS);
      await reconcile();
    }
    expect(reads(orderId)).toBe(RECONCILE_MAX_CHECKS);
    const payment = await findPaymentByOrderId(t.db.kysely, orderId);
    expect(payment).toMatchObject({ status: 'created', check_attempts: RECONCILE_MAX_CHECKS, next_check_at: null });
    expect(payment?.attention_reason).toContain('PENDING');
    t.clock.advance(RECONCILE_BACKOFF_CAP_MS * 4);
    expect(await reconcile()).toMatchObject({ checked: 0 });
    expect(reads(orderId)).toBe(RECONCILE_MAX_CHECKS);

    const admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/payments', headers: { cookie: admin } });
    expect((list.json() as TAdminPayment[]).find((p) => p.orderId === orderId)).toMatchObject({
      status: 'created',
      needsAttention: true,
      attentionReason: payment?.attention_reason,
    });
    expect(await t.balanceOf(cookie)).toBe(0);
  });
});
