import { insertStreamAction } from '@shop/db';
import { testDialects } from '@shop/db/testing';
import { startRconStandIn } from '@shop/dispatch/testing';
import type { TRealtimeMessage } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/app';
import { createTestApp, grantCoins, loginAs, registerUser, TEST_ADMIN, testConfig } from './helpers';

/** Redis is optional for a developer and mandatory in CI, like MySQL. */
function testRedisUrl(): string | null {
  if (process.env.TEST_REDIS_URL) return process.env.TEST_REDIS_URL;
  if (process.env.CI === 'true') throw new Error('CI=true but TEST_REDIS_URL is not set');
  return null;
}

async function listen(socketUrl: string): Promise<{ messages: TRealtimeMessage[]; ws: WebSocket }> {
  const ws = new WebSocket(socketUrl);
  const messages: TRealtimeMessage[] = [];
  ws.on('message', (data) => messages.push(JSON.parse(String(data)) as TRealtimeMessage));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { messages, ws };
}

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe.each(testDialects())('the /ws socket on %s', (dialect) => {
  it('tells every connected client about a trigger and its delivery', async () => {
    const rcon = await startRconStandIn({ password: 'pw' });
    const t = await createTestApp(dialect, { admin: TEST_ADMIN });
    try {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/webhook-endpoints',
        headers: { cookie: admin },
        payload: { url: rcon.url, secretKey: 'pw', description: 'mc', gameType: 'minecraft' },
      });
      const actionId = await insertStreamAction(t.db.kysely, {
        name: 'Creeper',
        description: 'boom',
        image_url: null,
        category_id: null,
        cost: 20,
        game_type: 'minecraft',
        target_type: 'global',
        webhook_action: 'summon creeper',
        minecraft_server: null,
        created_at: 1,
      });
      const watcher = await listen(`${address.replace('http', 'ws')}/ws`);
      const viewer = await registerUser(t.app, 'boomer');
      await grantCoins(t, viewer.id, 20);
      await t.app.inject({
        method: 'POST',
        url: '/api/trigger-action',
        headers: { cookie: viewer.cookie },
        payload: { actionId },
      });
      await t.services.deliveryWorker.runOnce();
      await until(() => watcher.messages.length >= 2);
      expect(watcher.messages[0]).toMatchObject({
        type: 'action_triggered',
        action: { name: 'Creeper', cost: 20 },
        user: { username: 'boomer' },
        success: true,
      });
      expect(watcher.messages[1]).toMatchObject({ type: 'action_status', status: 'delivered', userId: viewer.id });
      watcher.ws.close();
    } finally {
      await t.close();
      await rcon.close();
    }
  });
});

describe('the /ws fan-out through Redis', () => {
  const redisUrl = testRedisUrl();
  // Without Redis on a developer's machine there is nothing to fan out through; CI always has it.
  const maybe = redisUrl ? it : it.skip;
  maybe('reaches a socket on another api process', async () => {
    const a = await createTestApp('sqlite', { redisUrl });
    const b = await buildApp(testConfig({ redisUrl }), { db: a.db });
    try {
      const address = await a.app.listen({ port: 0, host: '127.0.0.1' });
      const watcher = await listen(`${address.replace('http', 'ws')}/ws`);
      const event: TRealtimeMessage = {
        type: 'action_tested',
        action: { name: 'Ping', cost: 0 },
        user: { username: 'admin' },
        timestamp: new Date().toISOString(),
        success: true,
      };
      b.services.realtime.broadcast(event);
      await until(() => watcher.messages.length > 0);
      expect(watcher.messages).toEqual([event]);
      watcher.ws.close();
    } finally {
      await b.app.close();
      await a.close();
    }
  });
});
