import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testDialects } from '@shop/db/testing';
import type { TWebhookEndpoint } from '@shop/domain';
import { RECEIPT_WORDING } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { addAction, viewerWithCoins } from './delivery-helpers';
import { createTestApp, loginAs, TEST_ADMIN, testRedisUrl } from './helpers';
import {
  closeAll,
  createOverlayEndpoint,
  listen,
  openOverlay,
  receiptsOf,
  settle,
  tokenOf,
  until,
} from './live-helpers';

describe.each(testDialects())('the built-in overlay on %s', (dialect) => {
  it('lists a secret overlay URL to admins only and refuses unknown tokens', async () => {
    const t = await createTestApp(dialect, { admin: TEST_ADMIN });
    try {
      const admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
      const created = await createOverlayEndpoint(t, admin);
      expect(created).toMatchObject({ url: 'overlay://stream', hasSecret: false });
      expect(created.overlayUrl).toMatch(/^http:\/\/localhost(:\d+)?\/overlay\/[A-Za-z0-9_-]{32}$/);
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/admin/webhook-endpoints',
        headers: { cookie: admin },
      });
      expect(list.json()).toEqual([expect.objectContaining({ id: created.id, overlayUrl: created.overlayUrl })]);
      const viewer = await viewerWithCoins(t, 'curious', 0);
      const refused = await t.app.inject({
        method: 'GET',
        url: '/api/admin/webhook-endpoints',
        headers: { cookie: viewer.cookie },
      });
      expect(refused.statusCode).toBe(403);
      // A webhook still needs its secret.
      const noSecret = await t.app.inject({
        method: 'POST',
        url: '/api/admin/webhook-endpoints',
        headers: { cookie: admin },
        payload: { url: 'https://example.com/hook', description: 'hook' },
      });
      expect(noSecret.statusCode).toBe(400);
      expect(noSecret.json().message).toContain('Secret key is required');

      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const stranger = new WebSocket(`${address.replace('http', 'ws')}/ws/overlay?token=not-a-token`);
      const closed = await new Promise<{ code: number; reason: string }>((resolve) =>
        stranger.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
      );
      expect(closed).toEqual({ code: 1008, reason: 'Unknown overlay' });
    } finally {
      await t.close();
    }
  });

  it('delivers when an overlay acks; two open overlays show it once each and it is delivered once', async () => {
    const t = await createTestApp(dialect, { admin: TEST_ADMIN });
    try {
      const admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
      const endpoint = await createOverlayEndpoint(t, admin);
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const first = await openOverlay(address, tokenOf(endpoint.overlayUrl));
      const second = await openOverlay(address, tokenOf(endpoint.overlayUrl));
      const actionId = await addAction(t, { name: 'Air Horn', gameType: 'any', cost: 20 });
      const viewer = await viewerWithCoins(t, 'horn_fan', 50);
      await t.db.kysely.updateTable('users').set({ display_name: 'Horn Fan' }).where('id', '=', viewer.id).execute();
      const payer = await listen(`${address.replace('http', 'ws')}/ws`, viewer.cookie);

      const res = await t.app.inject({
        method: 'POST',
        url: '/api/trigger-action',
        headers: { cookie: viewer.cookie },
        payload: { actionId },
      });
      expect(res.statusCode).toBe(200);
      await t.services.deliveryWorker.runOnce();
      await until(() => first.alerts.length > 0 && second.alerts.length > 0);
      await settle(t, [payer], 'after-overlay');

      for (const overlay of [first, second]) {
        expect(overlay.alerts).toEqual([
          {
            type: 'overlay_alert',
            alertId: expect.any(String),
            viewer: 'Horn Fan',
            actionName: 'Air Horn',
            imageUrl: null,
            cost: 20,
            timestamp: expect.any(String),
          },
        ]);
      }
      const deliveries = await t.db.kysely.selectFrom('deliveries').selectAll().execute();
      expect(deliveries).toMatchObject([{ status: 'delivered', attempts: 1, response: 'Shown on the overlay' }]);
      expect(receiptsOf(payer).map((r) => r.status)).toEqual(['queued', 'delivered']);
      const history = await t.app.inject({
        method: 'GET',
        url: '/api/admin/action-history',
        headers: { cookie: admin },
      });
      expect(history.json()[0]).toMatchObject({ success: true, deliveryState: 'delivered', attempts: 1 });
      closeAll(first, second, payer);
    } finally {
      await t.close();
    }
  });

  it('with no overlay open retries like an offline server and refunds exactly once', async () => {
    const t = await createTestApp(dialect, { admin: TEST_ADMIN });
    try {
      const admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
      const endpoint = await createOverlayEndpoint(t, admin);
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const actionId = await addAction(t, { name: 'Confetti', gameType: 'any', cost: 30 });
      const viewer = await viewerWithCoins(t, 'confetti_fan', 100);
      const payer = await listen(`${address.replace('http', 'ws')}/ws`, viewer.cookie);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/trigger-action',
        headers: { cookie: viewer.cookie },
        payload: { actionId },
      });
      expect(res.statusCode).toBe(200);
      expect(await t.balanceOf(viewer.cookie)).toBe(70);

      // First try at once, then after 2 s, 10 s and 60 s (RETRY_DELAYS_MS) on the injected clock.
      expect(await t.services.deliveryWorker.runOnce()).toBe(1);
      for (const wait of [2_000, 10_000, 60_000]) {
        t.clock.advance(wait);
        expect(await t.services.deliveryWorker.runOnce()).toBe(1);
      }
      t.clock.advance(3_600_000);
      expect(await t.services.deliveryWorker.runOnce()).toBe(0);
      await until(() => receiptsOf(payer).some((r) => r.status === 'refunded'));
      await settle(t, [payer], 'after-refund');

      expect(receiptsOf(payer)).toMatchObject([
        { status: 'queued', attempt: 0 },
        { status: 'retrying', attempt: 1, maxAttempts: 4, message: RECEIPT_WORDING.retrying },
        { status: 'retrying', attempt: 2 },
        { status: 'retrying', attempt: 3 },
        { status: 'refunded', attempt: 4, refundedCoins: 30, balance: 100 },
      ]);
      const retry = receiptsOf(payer)[1];
      expect(retry?.nextAttemptAt).toBe(new Date(t.clock.value - 3_600_000 - 72_000 + 2_000).toISOString());
      expect(await t.balanceOf(viewer.cookie)).toBe(100);
      const refunds = await t.db.kysely
        .selectFrom('transactions')
        .select('amount')
        .where('user_id', '=', viewer.id)
        .where('type', '=', 'refund')
        .execute();
      expect(refunds).toEqual([{ amount: 30 }]);

      // An overlay opened later does not bring the refunded trigger back.
      const late = await openOverlay(address, tokenOf(endpoint.overlayUrl));
      t.clock.advance(3_600_000);
      expect(await t.services.deliveryWorker.runOnce()).toBe(0);
      expect(late.alerts).toEqual([]);
      const ledger = await t.app.inject({
        method: 'GET',
        url: '/api/transactions',
        headers: { cookie: viewer.cookie },
      });
      const action = (ledger.json() as { type: string; delivery?: unknown }[]).find((r) => r.type === 'action');
      expect(action?.delivery).toMatchObject({ state: 'refunded', attempts: 4, maxAttempts: 4 });
      closeAll(payer, late);
    } finally {
      await t.close();
    }
  });

  it('closes the open overlays of an endpoint that is deleted', async () => {
    const t = await createTestApp(dialect, { admin: TEST_ADMIN });
    try {
      const admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
      const endpoint = await createOverlayEndpoint(t, admin);
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const overlay = await openOverlay(address, tokenOf(endpoint.overlayUrl));
      const closed = new Promise<number>((resolve) => overlay.ws.once('close', (code) => resolve(code)));
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/admin/webhook-endpoints/${endpoint.id}`,
        headers: { cookie: admin },
      });
      expect(res.statusCode).toBe(200);
      expect(await closed).toBe(1008);
    } finally {
      await t.close();
    }
  });

  it('serves the overlay page from the web app, framable, while every other page is not', async () => {
    const web = mkdtempSync(join(tmpdir(), 'shop-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><title>shop</title><div id="root"></div>');
    const t = await createTestApp(dialect, { webDistDir: web });
    try {
      const overlay = await t.app.inject({ method: 'GET', url: '/overlay/some-token' });
      expect(overlay.statusCode).toBe(200);
      expect(overlay.body).toContain('<div id="root">');
      expect(overlay.headers['content-security-policy']).toContain('frame-ancestors *');
      expect(overlay.headers['x-frame-options']).toBeUndefined();
      const shop = await t.app.inject({ method: 'GET', url: '/shop' });
      expect(shop.statusCode).toBe(200);
      expect(shop.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(shop.headers['x-frame-options']).toBe('DENY');
    } finally {
      await t.close();
    }
  });
});

describe.each(testDialects())('the demo data on %s', (dialect) => {
  it('wires the overlay so a fresh shop can deliver a universal action', async () => {
    const t = await createTestApp(dialect, { admin: TEST_ADMIN, seedDemoData: true });
    try {
      const admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
      const endpoints = (
        await t.app.inject({ method: 'GET', url: '/api/admin/webhook-endpoints', headers: { cookie: admin } })
      ).json() as TWebhookEndpoint[];
      expect(endpoints).toMatchObject([{ url: 'overlay://stream', description: 'Stream overlay', active: true }]);
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const overlay = await openOverlay(address, tokenOf(endpoints[0]?.overlayUrl ?? null));
      const actions = (await t.app.inject({ method: 'GET', url: '/api/stream-actions' })).json() as {
        id: number;
        name: string;
        gameType: string;
      }[];
      const universal = actions.find((a) => a.gameType === 'any');
      if (!universal) throw new Error('the demo has no universal action');
      const viewer = await viewerWithCoins(t, 'newcomer', 500);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/trigger-action',
        headers: { cookie: viewer.cookie },
        payload: { actionId: universal.id },
      });
      expect(res.statusCode).toBe(200);
      await t.services.deliveryWorker.runOnce();
      expect(overlay.alerts.map((a) => a.actionName)).toEqual([universal.name]);
      const history = await t.app.inject({
        method: 'GET',
        url: '/api/admin/action-history',
        headers: { cookie: admin },
      });
      expect(history.json()[0]).toMatchObject({ actionName: universal.name, success: true });
      closeAll(overlay);
    } finally {
      await t.close();
    }
  });
});

describe('the overlay across api processes through Redis', () => {
  const redisUrl = testRedisUrl();
  // As the /ws fan-out test: CI always has Redis; a developer's machine may not.
  const maybe = redisUrl ? it : it.skip;
  maybe('delivers from a worker in one process to an overlay open on another', async () => {
    const a = await createTestApp('sqlite', { admin: TEST_ADMIN, redisUrl });
    const b = await a.sibling({ redisUrl });
    try {
      const admin = await loginAs(a.app, TEST_ADMIN.username, TEST_ADMIN.password);
      const endpoint = await createOverlayEndpoint(a, admin);
      const address = await a.app.listen({ port: 0, host: '127.0.0.1' });
      const overlay = await openOverlay(address, tokenOf(endpoint.overlayUrl));
      const actionId = await addAction(a, { name: 'Far Horn', gameType: 'any', cost: 5 });
      const viewer = await viewerWithCoins(a, 'far_viewer', 10);
      const res = await a.app.inject({
        method: 'POST',
        url: '/api/trigger-action',
        headers: { cookie: viewer.cookie },
        payload: { actionId },
      });
      expect(res.statusCode).toBe(200);
      // Process b's worker takes the delivery; the overlay's socket and its ack live on process a.
      expect(await b.services.deliveryWorker.runOnce()).toBe(1);
      expect(overlay.alerts.map((x) => x.actionName)).toEqual(['Far Horn']);
      const rows = await a.db.kysely.selectFrom('deliveries').select(['status', 'attempts']).execute();
      expect(rows).toEqual([{ status: 'delivered', attempts: 1 }]);
      closeAll(overlay);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
