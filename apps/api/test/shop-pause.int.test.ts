import { testDialects } from '@shop/db/testing';
import { describe, expect, it } from 'vitest';
import { addAction, addEndpoint, viewerWithCoins } from './delivery-helpers';
import { createTestApp, loginAs, TEST_ADMIN, type TestApp } from './helpers';
import { closeAll, listen, until } from './live-helpers';
import { startTwitchStandIn } from './stand-ins/twitch-server';

const setStatus = (t: TestApp, cookie: string, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/shop-status', headers: { cookie }, payload });

const PAUSED = { status: 'error', message: 'Actions are paused by the streamer right now.' };

describe.each(testDialects())('pausing the shop on %s', (dialect) => {
  it('by hand: refuses triggers without charging, tells open pages at once, and resumes', async () => {
    const t = await createTestApp(dialect, { admin: TEST_ADMIN });
    try {
      const admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
      await addEndpoint(t, 'http://127.0.0.1:9/hook', 'other');
      const actionId = await addAction(t, { name: 'Horn', gameType: 'any', cost: 10 });
      const viewer = await viewerWithCoins(t, 'pauser', 50);
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const page = await listen(`${address.replace('http', 'ws')}/ws`);

      expect((await t.app.inject({ method: 'GET', url: '/api/shop-status' })).json()).toEqual({
        paused: false,
        reason: null,
        autoPauseWhenOffline: false,
        autoPauseAvailable: false,
      });
      expect((await setStatus(t, viewer.cookie, { paused: true })).statusCode).toBe(403);
      const paused = await setStatus(t, admin, { paused: true });
      expect(paused.json()).toMatchObject({ paused: true, reason: 'manual' });
      await until(() => page.messages.some((m) => m.type === 'shop_status'));
      expect(page.messages).toEqual([{ type: 'shop_status', paused: true, reason: 'manual' }]);

      const refused = await t.trigger(viewer.cookie, actionId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual(PAUSED);
      expect(await t.balanceOf(viewer.cookie)).toBe(50);
      expect(await t.db.kysely.selectFrom('action_history').select('id').execute()).toEqual([]);
      // Short of coins too: the pause is the answer, not 'not enough coins'.
      const poor = await viewerWithCoins(t, 'poorpauser', 5);
      expect((await t.trigger(poor.cookie, actionId)).json()).toEqual(PAUSED);

      await setStatus(t, admin, { paused: false });
      await until(() => page.messages.length === 2);
      expect(page.messages[1]).toEqual({ type: 'shop_status', paused: false, reason: null });
      expect((await t.trigger(viewer.cookie, actionId)).statusCode).toBe(200);
      expect(await t.balanceOf(viewer.cookie)).toBe(40);

      // A retry of a trigger accepted before the pause answers that trigger, charging nothing more.
      const keyed = { actionId, requestId: 'before-the-pause' };
      const first = await t.app.inject({
        method: 'POST',
        url: '/api/trigger-action',
        headers: { cookie: viewer.cookie },
        payload: keyed,
      });
      expect(first.statusCode).toBe(200);
      await setStatus(t, admin, { paused: true });
      const retry = await t.app.inject({
        method: 'POST',
        url: '/api/trigger-action',
        headers: { cookie: viewer.cookie },
        payload: keyed,
      });
      expect(retry.statusCode).toBe(200);
      expect(retry.body).toBe(first.body);
      expect(await t.balanceOf(viewer.cookie)).toBe(30);
      await setStatus(t, admin, { paused: false });
      expect((await setStatus(t, admin, { paused: 'yes' })).statusCode).toBe(400);
      closeAll(page);
    } finally {
      await t.close();
    }
  });

  it('without Twitch settings auto-pause cannot see the stream, so it never pauses', async () => {
    const t = await createTestApp(dialect, { admin: TEST_ADMIN });
    try {
      const admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
      const res = await setStatus(t, admin, { autoPauseWhenOffline: true });
      expect(res.json()).toEqual({
        paused: false,
        reason: null,
        autoPauseWhenOffline: true,
        autoPauseAvailable: false,
      });
    } finally {
      await t.close();
    }
  });

  it('automatically while the stream is offline, and lifts it when the stream goes live', async () => {
    const stand = await startTwitchStandIn({ initial: { live: false } });
    const t = await createTestApp(dialect, {
      admin: TEST_ADMIN,
      twitch: stand.config,
    });
    try {
      const admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
      await addEndpoint(t, 'http://127.0.0.1:9/hook', 'other');
      const actionId = await addAction(t, { name: 'Horn', gameType: 'any', cost: 10 });
      const viewer = await viewerWithCoins(t, 'offline_fan', 50);
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const page = await listen(`${address.replace('http', 'ws')}/ws`);

      await t.services.stream.refresh();
      const on = await setStatus(t, admin, { autoPauseWhenOffline: true });
      expect(on.json()).toEqual({
        paused: true,
        reason: 'offline',
        autoPauseWhenOffline: true,
        autoPauseAvailable: true,
      });
      await until(() => page.messages.some((m) => m.type === 'shop_status' && m.paused));
      expect(page.messages.filter((m) => m.type === 'shop_status').at(-1)).toEqual({
        type: 'shop_status',
        paused: true,
        reason: 'offline',
      });
      const refused = await t.trigger(viewer.cookie, actionId);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual(PAUSED);
      expect(await t.balanceOf(viewer.cookie)).toBe(50);

      // The stream goes live: the next status fetch lifts the pause and every open shop hears it.
      stand.set({ live: true });
      await t.services.stream.refresh();
      await until(() => page.messages.some((m) => m.type === 'shop_status' && !m.paused));
      expect((await t.app.inject({ method: 'GET', url: '/api/shop-status' })).json()).toMatchObject({
        paused: false,
        reason: null,
      });
      expect((await t.trigger(viewer.cookie, actionId)).statusCode).toBe(200);
      closeAll(page);
    } finally {
      await t.close();
      await stand.close();
    }
  });
});
