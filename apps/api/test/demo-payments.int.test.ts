import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/env';
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

describe('where the demo checkout may run', () => {
  it('runs on a clean clone, and for a shop whose PUBLIC_ORIGIN is this machine, for local requests only', () => {
    expect(loadConfig({}).payments).toEqual({ provider: 'demo', localOnly: true });
    for (const origin of ['http://localhost:3000', 'http://127.0.0.1:8080', 'http://[::1]:3000']) {
      expect(loadConfig({ PUBLIC_ORIGIN: origin }).payments).toEqual({ provider: 'demo', localOnly: true });
    }
  });

  it('is refused for a shop served elsewhere or in production, unless DEMO_CHECKOUT=true', () => {
    // NODE_ENV unset reads as development: that alone must not open free coins to the internet.
    const elsewhere = loadConfig({ PUBLIC_ORIGIN: 'https://shop.example.com' }).payments;
    expect(elsewhere.provider).toBe('unavailable');
    expect(elsewhere.provider === 'unavailable' && elsewhere.reason).toContain('DEMO_CHECKOUT=true');
    expect(loadConfig({ NODE_ENV: 'production' }).payments.provider).toBe('unavailable');
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'demo' }).payments.provider).toBe('unavailable');

    for (const env of [
      { PUBLIC_ORIGIN: 'https://shop.example.com', DEMO_CHECKOUT: 'true' },
      { NODE_ENV: 'production', DEMO_CHECKOUT: 'true' },
    ]) {
      expect(loadConfig(env).payments).toEqual({ provider: 'demo' });
    }
    // PayPal credentials still win: DEMO_CHECKOUT allows the demo checkout, it does not choose it.
    expect(
      loadConfig({ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', DEMO_CHECKOUT: 'true' }).payments.provider,
    ).toBe('paypal');
  });
});

describe.each(testDialects())('a demo checkout kept to this machine on %s', (dialect) => {
  it('is offered to, and taken from, requests made on this machine only', async () => {
    const t = await createTestApp(dialect, { payments: loadConfig({}).payments });
    try {
      await addCoinPackage(t, { name: 'Starter', amount: 100, priceCents: 99 });
      const setup = (host: string, remoteAddress: string) =>
        t.app.inject({ method: 'GET', url: '/api/paypal/setup', headers: { host }, remoteAddress });
      for (const [host, from] of [
        ['localhost:3000', '127.0.0.1'],
        ['127.0.0.1:41234', '127.0.0.1'],
        ['[::1]:3000', '::1'],
        ['localhost', '::ffff:127.0.0.1'],
      ] as const) {
        expect((await setup(host, from)).json(), host).toMatchObject({ provider: 'demo' });
      }
      // By its public name, from another machine, or with a Host header that claims to be local
      // from another machine: the shop answers as one that takes no payments.
      for (const [host, from] of [
        ['shop.example.com', '203.0.113.9'],
        ['192.168.1.20:3000', '192.168.1.5'],
        ['localhost:3000', '203.0.113.9'],
        ['shop.example.com', '127.0.0.1'],
      ] as const) {
        const res = await setup(host, from);
        expect(res.statusCode, `${host} from ${from}`).toBe(503);
        expect(res.json()).toEqual({ status: 'error', message: 'Payment Service Unavailable' });
      }
      // What the web app asks before drawing the demo button says the same.
      const far = { host: 'shop.example.com' };
      const trpc = await t.app.inject({
        method: 'GET',
        url: '/trpc/payments.getSetup',
        headers: far,
        remoteAddress: '203.0.113.9',
      });
      expect(trpc.statusCode).toBe(503);

      const { cookie } = await registerUser(t.app, 'farbuyer');
      const order = (headers: Record<string, string>, remoteAddress: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/paypal/order',
          headers: { cookie, ...headers },
          remoteAddress,
          payload: { amount: '0.99' },
        });
      expect((await order(far, '203.0.113.9')).statusCode).toBe(503);
      // An order made on this machine cannot be captured from elsewhere either.
      const local = await order({ host: 'localhost:3000' }, '127.0.0.1');
      expect(local.statusCode, local.body).toBe(200);
      const orderId = local.json().id as string;
      const capture = await t.app.inject({
        method: 'POST',
        url: `/api/paypal/order/${orderId}/capture`,
        headers: { cookie, ...far },
        remoteAddress: '203.0.113.9',
      });
      expect(capture.statusCode).toBe(503);
      const user = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
      expect(user.json()).toMatchObject({ coinBalance: 0 });
      await assertLedgerInvariant(t.db);
    } finally {
      await t.close();
    }
  });
});
