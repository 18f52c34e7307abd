import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { findPaymentByOrderId, listTransactions } from '@shop/db';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import type { TAdminPayment } from '@shop/domain';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RECONCILE_GIVE_UP_MS, RECONCILE_MIN_AGE_MS } from '../src/payments/reconcile';
import { addCoinPackage, createTestApp, loginAs, registerUser, TEST_ADMIN, type TestApp } from './helpers';
import { type PayPalStandIn, payPalSettings, startPayPalStandIn } from './stand-ins/paypal-server';

/**
 * Something between the shop and PayPal (a corporate proxy, a load balancer, a WAF) that forwards
 * every call to the PayPal stand-in, except that it may answer one capture of an order with a bare
 * 4xx of its own: after passing the capture on (PayPal took the money, the shop never heard), or
 * instead of passing it on.
 */
interface MeddlingProxy {
  baseUrl: string;
  answerNextCapture(orderId: string, status: number, when: 'after_forwarding' | 'instead'): void;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

async function startMeddlingProxy(target: string): Promise<MeddlingProxy> {
  const rules = new Map<string, { status: number; when: 'after_forwarding' | 'instead' }>();
  const server = createServer((req, res) => {
    const handle = async () => {
      const body = await readBody(req);
      const path = req.url ?? '/';
      const capture = /^\/v2\/checkout\/orders\/([^/]+)\/capture$/.exec(path);
      const orderId = capture ? decodeURIComponent(capture[1] ?? '') : null;
      const rule = orderId === null ? undefined : rules.get(orderId);
      if (orderId !== null) rules.delete(orderId);
      if (rule?.when === 'instead') return { status: rule.status, body: '' };
      const headers: Record<string, string> = {};
      for (const name of ['authorization', 'content-type', 'accept', 'prefer', 'paypal-request-id']) {
        const value = req.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      const upstream = await fetch(`${target}${path}`, {
        method: req.method ?? 'GET',
        headers,
        ...(req.method === 'GET' ? {} : { body }),
      });
      const text = await upstream.text();
      if (rule) return { status: rule.status, body: '' };
      return { status: upstream.status, body: text };
    };
    handle()
      .then((reply) => {
        res.writeHead(reply.status, { 'Content-Type': 'application/json' });
        res.end(reply.body);
      })
      .catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    answerNextCapture(orderId, status, when) {
      rules.set(orderId, { status, when });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}

describe.each(testDialects())('captured money behind an unexpected 4xx on %s', (dialect) => {
  let paypal: PayPalStandIn;
  let proxy: MeddlingProxy;
  let t: TestApp;
  let packageId: number;
  let admin: string;

  beforeAll(async () => {
    paypal = await startPayPalStandIn();
    proxy = await startMeddlingProxy(paypal.baseUrl);
    t = await createTestApp(dialect, {
      admin: TEST_ADMIN,
      payments: { ...payPalSettings(paypal), baseUrl: proxy.baseUrl },
    });
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    packageId = await addCoinPackage(t, { name: 'Fan Pack', amount: 550, priceCents: 499 });
  });
  afterEach(async () => assertLedgerInvariant(t.db));
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
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

  const capture = (cookie: string, orderId: string) =>
    t.app.inject({ method: 'POST', url: `/api/paypal/order/${orderId}/capture`, headers: { cookie } });
  const reconcile = () => t.services.paymentReconciler.runOnce();

  async function adminPayment(orderId: string): Promise<TAdminPayment | undefined> {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/payments', headers: { cookie: admin } });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as TAdminPayment[]).find((p) => p.orderId === orderId);
  }

  it('credits the buyer when PayPal captured but the reply that came back was a 4xx', async () => {
    const { cookie, id, orderId } = await openOrder('proxied');
    paypal.approve(orderId);
    proxy.answerNextCapture(orderId, 403, 'after_forwarding');
    const res = await capture(cookie, orderId);
    expect(paypal.capturesExecuted(orderId)).toBe(1);
    expect(res.json()).toMatchObject({ status: 'success', coinsAdded: 550, alreadyCredited: false });
    expect(await t.balanceOf(cookie)).toBe(550);
    expect((await findPaymentByOrderId(t.db.kysely, orderId))?.status).toBe('credited');
    expect(await listTransactions(t.db.kysely, id)).toHaveLength(1);
  });

  it('credits a refused order once PayPal shows it captured, records it and flags it to the admin', async () => {
    const { cookie, id, orderId } = await openOrder('latecapture');
    paypal.approve(orderId);
    // The capture never reached PayPal in time, so what PayPal showed right then was no capture...
    proxy.answerNextCapture(orderId, 408, 'instead');
    const res = await capture(cookie, orderId);
    expect(res.statusCode).toBe(422);
    expect(await findPaymentByOrderId(t.db.kysely, orderId)).toMatchObject({ status: 'refused' });
    // ...but PayPal completed it after all.
    paypal.captureOutOfBand(orderId);

    t.clock.advance(RECONCILE_MIN_AGE_MS + 1);
    expect(await reconcile()).toMatchObject({ credited: 1, failed: 0 });
    expect(await t.balanceOf(cookie)).toBe(550);
    const ledger = await listTransactions(t.db.kysely, id);
    expect(ledger.map((e) => [e.type, e.amount])).toEqual([['purchase', 550]]);
    const payment = await findPaymentByOrderId(t.db.kysely, orderId);
    expect(payment).toMatchObject({ status: 'credited', next_check_at: null });
    expect(payment?.capture_id).toBeTruthy();
    expect(await adminPayment(orderId)).toMatchObject({
      status: 'credited',
      needsAttention: true,
      attentionReason: expect.stringContaining('refused'),
    });

    // Once: neither another pass nor the browser coming back credits it again.
    t.clock.advance(RECONCILE_GIVE_UP_MS);
    expect(await reconcile()).toMatchObject({ credited: 0, checked: 0 });
    expect((await capture(cookie, orderId)).json()).toMatchObject({ coinsAdded: 0, alreadyCredited: true });
    expect(await t.balanceOf(cookie)).toBe(550);
    expect(await listTransactions(t.db.kysely, id)).toHaveLength(1);
  });

  it('leaves a genuinely declined order refused, unflagged, and stops asking about it', async () => {
    const { cookie, orderId } = await openOrder('declinedforreal');
    paypal.approve(orderId);
    paypal.setCaptureOverride(orderId, { status: 'DECLINED' });
    expect((await capture(cookie, orderId)).statusCode).toBe(422);
    t.clock.advance(RECONCILE_MIN_AGE_MS + 1);
    expect(await reconcile()).toMatchObject({ credited: 0, failed: 0 });
    expect(await findPaymentByOrderId(t.db.kysely, orderId)).toMatchObject({ status: 'refused', next_check_at: null });
    expect(await adminPayment(orderId)).toMatchObject({ needsAttention: false, attentionReason: null });
    expect(await reconcile()).toMatchObject({ checked: 0 });
    expect(await t.balanceOf(cookie)).toBe(0);
  });
});
