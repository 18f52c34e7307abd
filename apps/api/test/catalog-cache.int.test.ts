import { testDialects } from '@shop/db/testing';
import { startRconStandIn } from '@shop/dispatch/testing';
import { describe, expect, it } from 'vitest';
import { createTestApp, grantCoins, loginAs, registerUser, TEST_ADMIN, type TestApp, testRedisUrl } from './helpers';

// Triggers read the action and its endpoints from memory (delivery/catalog-cache.ts); every admin change
// must reach that memory before the next trigger, in this process and in the others.

async function setUp(t: TestApp, rconUrl: string, cost: number) {
  const admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  const post = (url: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: admin }, payload: payload as Record<string, unknown> });
  const endpoint = await post('/api/admin/webhook-endpoints', {
    url: rconUrl,
    secretKey: 'pw',
    description: 'mc',
    gameType: 'minecraft',
  });
  expect(endpoint.statusCode, endpoint.body).toBe(200);
  const action = await post('/api/admin/stream-actions', {
    name: 'Creeper',
    description: 'boom',
    webhookAction: 'say {username}',
    gameType: 'minecraft',
    cost,
  });
  expect(action.statusCode, action.body).toBe(200);
  return { admin, actionId: action.json().id as number, endpointId: endpoint.json().id as number };
}

describe.each(testDialects())('the triggers’ in-memory catalog on %s', (dialect) => {
  it('charges the new cost, and refuses a switched-off action or endpoint, right after the admin saves', async () => {
    const rcon = await startRconStandIn({ password: 'pw' });
    const t = await createTestApp(dialect, { admin: TEST_ADMIN });
    try {
      const { admin, actionId, endpointId } = await setUp(t, rcon.url, 5);
      const viewer = await registerUser(t.app, 'cached_viewer');
      await grantCoins(t, viewer.id, 100);
      const first = await t.trigger(viewer.cookie, actionId);
      expect(first.json()).toMatchObject({ status: 'success', balance: 95 });

      const patch = (url: string, payload: Record<string, unknown>) =>
        t.app.inject({ method: 'PATCH', url, headers: { cookie: admin }, payload });
      expect((await patch(`/api/admin/stream-actions/${actionId}`, { cost: 7 })).statusCode).toBe(200);
      expect((await t.trigger(viewer.cookie, actionId)).json()).toMatchObject({ balance: 88 });

      expect((await patch(`/api/admin/webhook-endpoints/${endpointId}`, { active: false })).statusCode).toBe(200);
      expect((await t.trigger(viewer.cookie, actionId)).statusCode).toBe(503);

      expect((await patch(`/api/admin/webhook-endpoints/${endpointId}`, { active: true })).statusCode).toBe(200);
      expect((await patch(`/api/admin/stream-actions/${actionId}`, { active: false })).statusCode).toBe(200);
      expect((await t.trigger(viewer.cookie, actionId)).statusCode).toBe(404);
    } finally {
      await t.close();
      await rcon.close();
    }
  });
});

describe('the triggers’ in-memory catalog across processes (Redis)', () => {
  const redisUrl = testRedisUrl();
  // Without Redis on a developer's machine there is nothing to fan out through; CI always has it.
  const maybe = redisUrl ? it : it.skip;
  maybe('is emptied in every process when an admin saves in one of them', async () => {
    const rcon = await startRconStandIn({ password: 'pw' });
    const a = await createTestApp('sqlite', { redisUrl, admin: TEST_ADMIN });
    const b = await a.sibling({ redisUrl });
    try {
      const { admin, actionId } = await setUp(a, rcon.url, 5);
      const viewer = await registerUser(b.app, 'faraway_viewer');
      await grantCoins(a, viewer.id, 100);
      // b reads the action once and keeps it.
      expect((await b.trigger(viewer.cookie, actionId)).json()).toMatchObject({ balance: 95 });
      // The message reaches b through Redis: wait for it rather than for time.
      const heard = new Promise<void>((resolve) => {
        const original = b.services.catalog.invalidateLocally.bind(b.services.catalog);
        b.services.catalog.invalidateLocally = () => {
          original();
          resolve();
        };
      });
      const saved = await a.app.inject({
        method: 'PATCH',
        url: `/api/admin/stream-actions/${actionId}`,
        headers: { cookie: admin },
        payload: { cost: 7 },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      await heard;
      expect((await b.trigger(viewer.cookie, actionId)).json()).toMatchObject({ balance: 88 });
    } finally {
      await b.close();
      await a.close();
      await rcon.close();
    }
  });
});
