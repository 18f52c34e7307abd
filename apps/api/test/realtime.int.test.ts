import { insertStreamAction } from '@shop/db';
import { testDialects } from '@shop/db/testing';
import { startRconStandIn } from '@shop/dispatch/testing';
import type { TRealtimeMessage } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, grantCoins, loginAs, registerUser, TEST_ADMIN, testRedisUrl } from './helpers';
import { listen, settle, until } from './live-helpers';

const sentinel = (name: string): TRealtimeMessage => ({
  type: 'action_tested',
  action: { name, cost: 0 },
  user: { username: 'admin', displayName: null },
  timestamp: new Date().toISOString(),
  success: true,
});

describe.each(testDialects())('the /ws socket on %s', (dialect) => {
  it('tells everyone about a trigger and only the paying viewer about its delivery', async () => {
    const rcon = await startRconStandIn({ password: 'pw' });
    const t = await createTestApp(dialect, { admin: TEST_ADMIN });
    try {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const socketUrl = `${address.replace('http', 'ws')}/ws`;
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
      const viewer = await registerUser(t.app, 'boomer');
      const other = await registerUser(t.app, 'bystander');
      const anonymous = await listen(socketUrl);
      const payer = await listen(socketUrl, viewer.cookie);
      const stranger = await listen(socketUrl, other.cookie);
      await grantCoins(t, viewer.id, 20);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/trigger-action',
        headers: { cookie: viewer.cookie },
        payload: { actionId },
      });
      expect(res.statusCode).toBe(200);
      await t.services.deliveryWorker.runOnce();
      await until(() => payer.messages.some((m) => m.type === 'action_status' && m.status === 'delivered'));
      await settle(t, [anonymous, payer, stranger], 'after-delivery');

      // The payer's receipts follow the trigger: accepted (queued), then delivered on the first try.
      const receipts = payer.messages.filter((m) => m.type === 'action_status');
      expect(receipts).toMatchObject([
        { status: 'queued', attempt: 0, actionName: 'Creeper', historyId: res.json().historyId },
        { status: 'delivered', attempt: 1, maxAttempts: 4, nextAttemptAt: null, historyId: res.json().historyId },
      ]);
      // The viewer's id routes the receipt on the server and never travels.
      expect(payer.raw.join('\n')).not.toMatch(/userId/);
      for (const socket of [anonymous, payer, stranger]) {
        expect(socket.messages[0]).toMatchObject({
          type: 'action_triggered',
          action: { name: 'Creeper', cost: 20 },
          user: { username: 'boomer', displayName: null },
          success: true,
        });
      }
      for (const socket of [anonymous, stranger]) {
        expect(socket.messages.map((m) => m.type)).toEqual(['action_triggered', 'action_tested']);
        // The public feed names the viewer and nothing that identifies rows or accounts.
        expect(socket.raw.join('\n')).not.toMatch(/userId|historyId/);
      }
      for (const socket of [anonymous, payer, stranger]) socket.ws.close();
    } finally {
      await t.close();
      await rcon.close();
    }
  });

  it('closes a socket that sends a frame above 4 KiB', async () => {
    const t = await createTestApp(dialect);
    try {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const socket = await listen(`${address.replace('http', 'ws')}/ws`);
      const closed = new Promise<number>((resolve) => socket.ws.once('close', (code) => resolve(code)));
      socket.ws.send('x'.repeat(5 * 1024));
      expect(await closed).toBe(1009);
    } finally {
      await t.close();
    }
  });

  it('refuses the socket past the per-address cap and takes one again after a close', async () => {
    const t = await createTestApp(dialect, { socketsPerAddress: 3 });
    try {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const socketUrl = `${address.replace('http', 'ws')}/ws`;
      const open = [await listen(socketUrl), await listen(socketUrl), await listen(socketUrl)];
      const extra = new WebSocket(socketUrl);
      const refused = await new Promise<{ code: number; reason: string }>((resolve) =>
        extra.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
      );
      expect(refused).toEqual({ code: 1008, reason: 'Too many connections from your address' });

      const first = open[0];
      if (!first) throw new Error('no socket');
      await new Promise<void>((resolve) => {
        first.ws.once('close', () => resolve());
        first.ws.close();
      });
      // The server counts the close when it sees it; a fresh socket is then welcome and stays open.
      await until(() => !t.services.realtime.isFull('127.0.0.1'));
      const again = await listen(socketUrl);
      await settle(t, [again], 'still-open');
      expect(again.ws.readyState).toBe(WebSocket.OPEN);
      for (const socket of [...open, again]) socket.ws.close();
    } finally {
      await t.close();
    }
  });

  it('keeps a socket from another site anonymous even with the session cookie', async () => {
    const t = await createTestApp(dialect);
    try {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const viewer = await registerUser(t.app, 'hijacked');
      const foreign = new WebSocket(`${address.replace('http', 'ws')}/ws`, {
        headers: { cookie: viewer.cookie, origin: 'https://evil.example' },
      });
      const messages: TRealtimeMessage[] = [];
      foreign.on('message', (data) => messages.push(JSON.parse(String(data)) as TRealtimeMessage));
      await new Promise<void>((resolve) => foreign.once('open', () => resolve()));
      t.services.realtime.broadcast({
        type: 'action_status',
        historyId: 1,
        userId: viewer.id,
        actionName: 'Secret',
        status: 'delivered',
        attempt: 1,
        maxAttempts: 4,
        nextAttemptAt: null,
        message: null,
        timestamp: new Date().toISOString(),
      });
      t.services.realtime.broadcast(sentinel('public'));
      await until(() => messages.length > 0);
      expect(messages.map((m) => m.type)).toEqual(['action_tested']);
      foreign.close();
    } finally {
      await t.close();
    }
  });
});

describe('the /ws fan-out through Redis', () => {
  const redisUrl = testRedisUrl();
  // Without Redis on a developer's machine there is nothing to fan out through; CI always has it.
  const maybe = redisUrl ? it : it.skip;
  maybe('reaches a socket on another api process, receipts only to their viewer', async () => {
    const a = await createTestApp('sqlite', { redisUrl });
    const b = await a.sibling({ redisUrl });
    try {
      const address = await a.app.listen({ port: 0, host: '127.0.0.1' });
      const socketUrl = `${address.replace('http', 'ws')}/ws`;
      const viewer = await registerUser(a.app, 'faraway');
      const watcher = await listen(socketUrl);
      const owner = await listen(socketUrl, viewer.cookie);
      const event = sentinel('Ping');
      b.services.realtime.broadcast({
        type: 'action_status',
        historyId: 9,
        userId: viewer.id,
        actionName: 'Ping',
        status: 'delivered',
        attempt: 1,
        maxAttempts: 4,
        nextAttemptAt: null,
        message: null,
        timestamp: new Date().toISOString(),
      });
      b.services.realtime.broadcast(event);
      await until(() => watcher.messages.length > 0 && owner.messages.length > 1);
      expect(watcher.messages).toEqual([event]);
      expect(owner.messages.map((m) => m.type)).toEqual(['action_status', 'action_tested']);
      watcher.ws.close();
      owner.ws.close();
    } finally {
      await b.close();
      await a.close();
    }
  });
});
