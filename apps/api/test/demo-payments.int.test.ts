import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import { describe, expect, it } from 'vitest';
import { addCoinPackage, createTestApp, registerUser } from './helpers';

describe.each(testDialects())('payment modes on %s', (dialect) => {
  it('runs the labelled demo checkout through the same crediting path', async () => {
    const t = await createTestApp(dialect, { payments: { provider: 'demo' } });
    try {
      const packageId = await addCoinPackage(t, { name: 'Starter', amount: 100, priceCents: 99 });
      const setup = await t.app.inject({ method: 'GET', url: '/api/paypal/setup' });
      expect(setup.json()).toMatchObject({ provider: 'demo', notice: 'Demo payment — no money moves' });
      const { cookie } = await registerUser(t.app, 'demobuyer');
      const order = await t.app.inject({
        method: 'POST',
        url: '/api/paypal/order',
        headers: { cookie },
        payload: { amount: '0.99', currency: 'USD', intent: 'CAPTURE' },
      });
      const orderId = order.json().id as string;
      expect(orderId).toMatch(/^DEMO-/);
      const capture = await t.app.inject({
        method: 'POST',
        url: `/api/paypal/order/${orderId}/capture`,
        headers: { cookie },
      });
      expect(capture.json()).toMatchObject({ coinsAdded: 100, balance: 100 });
      const purchase = await t.app.inject({
        method: 'POST',
        url: '/api/purchase',
        headers: { cookie },
        payload: { packageId, paypalOrderId: orderId },
      });
      expect(purchase.json()).toMatchObject({ coinsAdded: 0, balance: 100, alreadyCredited: true });
      await assertLedgerInvariant(t.db);
    } finally {
      await t.close();
    }
  });

  it('says Payment Service Unavailable when no provider may run', async () => {
    const t = await createTestApp(dialect, { payments: { provider: 'unavailable', reason: 'no credentials' } });
    try {
      const setup = await t.app.inject({ method: 'GET', url: '/api/paypal/setup' });
      expect(setup.statusCode).toBe(503);
      expect(setup.json()).toEqual({ status: 'error', message: 'Payment Service Unavailable' });
      const { cookie } = await registerUser(t.app, 'nobuy');
      const order = await t.app.inject({
        method: 'POST',
        url: '/api/paypal/order',
        headers: { cookie },
        payload: { amount: '0.99' },
      });
      expect(order.statusCode).toBe(503);
    } finally {
      await t.close();
    }
  });
});
