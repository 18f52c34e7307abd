import { testDialects } from '@shop/db/testing';
import type { TWebhookEndpoint } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { addAction, addEndpoint, trigger, viewerWithCoins } from './delivery-helpers';
import { createTestApp, loginAs, TEST_ADMIN, type TestApp, testRedisUrl } from './helpers';
import { closeAll, closeOf, createOverlayEndpoint, openOverlay, tokenOf, until } from './live-helpers';

const ackFrame = (alertId: string) => JSON.stringify({ type: 'overlay_ack', alertId });

async function rotate(t: Pick<TestApp, 'app'>, admin: string, id: number) {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/webhook-endpoints/${id}/rotate-overlay-token`,
    headers: { cookie: admin },
  });
}

/** The close an overlay URL gets when it is opened now. */
async function refusal(address: string, token: string) {
  const socket = new WebSocket(`${address.replace('http', 'ws')}/ws/overlay?token=${encodeURIComponent(token)}`);
  return closeOf(socket);
}

const deliveryRows = (t: TestApp) =>
  t.db.kysely
    .selectFrom('deliveries')
    .select(['endpoint_id', 'status', 'attempts', 'last_error'])
    .orderBy('endpoint_id')
    .execute();

describe.each(testDialects())('overlay acks and token rotation on %s', (dialect) => {
  it('an ack from an overlay that was not sent the alert does not deliver it', async () => {
    const t = await createTestApp(dialect, { admin: TEST_ADMIN });
    try {
      const admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
      const stream = await createOverlayEndpoint(t, admin, 'stream');
      const studio = await createOverlayEndpoint(t, admin, 'studio');
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      // Both pages show alerts but leave the acking to the test.
      const onStream = await openOverlay(address, tokenOf(stream.overlayUrl), false);
      const onStudio = await openOverlay(address, tokenOf(studio.overlayUrl), false);
      const actionId = await addAction(t, { name: 'Horn', gameType: 'any', cost: 10 });
      const viewer = await viewerWithCoins(t, 'horn_buyer', 10);
      expect((await trigger(t, viewer.cookie, actionId)).statusCode).toBe(200);

      const attempt = t.services.deliveryWorker.runOnce();
      await until(() => onStream.alerts.length > 0 && onStudio.alerts.length > 0);
      const streamAlert = onStream.alerts[0]?.alertId ?? '';
      const studioAlert = onStudio.alerts[0]?.alertId ?? '';
      expect(streamAlert).not.toBe(studioAlert);
      // The studio overlay acks the stream's alert (ids are guessable) and then its own.
      onStudio.ws.send(ackFrame(streamAlert));
      onStudio.ws.send(ackFrame(studioAlert));
      expect(await attempt).toBe(2);

      expect(await deliveryRows(t)).toEqual([
        {
          endpoint_id: stream.id,
          status: 'queued',
          attempts: 1,
          last_error: expect.stringMatching(/timed out/),
        },
        { endpoint_id: studio.id, status: 'delivered', attempts: 1, last_error: null },
      ]);
      closeAll(onStream, onStudio);
    } finally {
      await t.close();
    }
  });

  it('Rotate gives a new overlay URL: the old one is refused and its open overlays closed, the new one works', async () => {
    const t = await createTestApp(dialect, { admin: TEST_ADMIN });
    try {
      const admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
      const endpoint = await createOverlayEndpoint(t, admin);
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const oldToken = tokenOf(endpoint.overlayUrl);
      const before = await openOverlay(address, oldToken);
      const closed = closeOf(before.ws);

      const res = await rotate(t, admin, endpoint.id);
      expect(res.statusCode).toBe(200);
      const rotated = res.json() as TWebhookEndpoint;
      expect(rotated).toMatchObject({ id: endpoint.id, url: 'overlay://stream', active: true });
      expect(rotated.overlayUrl).toMatch(/\/overlay\/[A-Za-z0-9_-]{32}$/);
      const newToken = tokenOf(rotated.overlayUrl);
      expect(newToken).not.toBe(oldToken);
      expect(await closed).toEqual({ code: 1008, reason: 'Unknown overlay' });
      expect(await refusal(address, oldToken)).toEqual({ code: 1008, reason: 'Unknown overlay' });
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/admin/webhook-endpoints',
        headers: { cookie: admin },
      });
      expect(list.json()).toEqual([expect.objectContaining({ id: endpoint.id, overlayUrl: rotated.overlayUrl })]);

      const after = await openOverlay(address, newToken);
      const actionId = await addAction(t, { name: 'Confetti', gameType: 'any', cost: 5 });
      const viewer = await viewerWithCoins(t, 'confetti_buyer', 5);
      expect((await trigger(t, viewer.cookie, actionId)).statusCode).toBe(200);
      expect(await t.services.deliveryWorker.runOnce()).toBe(1);
      expect(after.alerts.map((a) => a.actionName)).toEqual(['Confetti']);
      expect(await deliveryRows(t)).toMatchObject([{ status: 'delivered', attempts: 1 }]);
      closeAll(after);
    } finally {
      await t.close();
    }
  });

  it('Rotate is for admins, and only for an overlay endpoint that exists', async () => {
    const t = await createTestApp(dialect, { admin: TEST_ADMIN });
    try {
      const admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
      const overlay = await createOverlayEndpoint(t, admin);
      const hook = await addEndpoint(t, 'https://example.com/hook', 'other');
      const viewer = await viewerWithCoins(t, 'not_admin', 0);
      expect((await rotate(t, viewer.cookie, overlay.id)).statusCode).toBe(403);
      const missing = await rotate(t, admin, 9_999);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ status: 'error', message: 'Webhook endpoint not found' });
      const notOverlay = await rotate(t, admin, hook);
      expect(notOverlay.statusCode).toBe(409);
      expect(notOverlay.json().message).toMatch(/overlay/);
      // Refusals change nothing.
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/admin/webhook-endpoints',
        headers: { cookie: admin },
      });
      expect(list.json()).toContainEqual(expect.objectContaining({ id: overlay.id, overlayUrl: overlay.overlayUrl }));
    } finally {
      await t.close();
    }
  });
});

describe('overlay token rotation across api processes through Redis', () => {
  const redisUrl = testRedisUrl();
  // As the other fan-out tests: CI always has Redis; a developer's machine may not.
  const maybe = redisUrl ? it : it.skip;
  maybe('a rotation on one process closes the old overlays open on another', async () => {
    const a = await createTestApp('sqlite', { admin: TEST_ADMIN, redisUrl });
    const b = await a.sibling({ redisUrl });
    try {
      const admin = await loginAs(a.app, TEST_ADMIN.username, TEST_ADMIN.password);
      const endpoint = await createOverlayEndpoint(a, admin);
      const address = await a.app.listen({ port: 0, host: '127.0.0.1' });
      const overlay = await openOverlay(address, tokenOf(endpoint.overlayUrl));
      const closed = closeOf(overlay.ws);
      const res = await rotate(b, admin, endpoint.id);
      expect(res.statusCode).toBe(200);
      expect(await closed).toEqual({ code: 1008, reason: 'Unknown overlay' });
      const fresh = await openOverlay(address, tokenOf((res.json() as TWebhookEndpoint).overlayUrl));
      expect(fresh.ws.readyState).toBe(WebSocket.OPEN);
      closeAll(fresh);
    } finally {
      await b.close();
      await a.close();
    }
  });
});
