import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import { startWebRconStandIn } from '@shop/dispatch/testing';
import type { TActionStatusMessage, TQueue } from '@shop/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addEndpoint, viewerWithCoins } from './delivery-helpers';
import { createTestApp, drainDeliveries, loginAs, TEST_ADMIN, type TestApp, testConfig } from './helpers';
import { closeAll, listen, settle } from './live-helpers';

/** A webhook target that records each event and command it receives; it can go down and come back on its port. */
interface Target {
  url: string;
  got: { type: string; command: string }[];
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

async function startTarget(): Promise<Target> {
  const got: { type: string; command: string }[] = [];
  let server: Server | null = null;
  let port = 0;
  const up = async () => {
    const created = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += String(chunk);
      });
      req.on('end', () => {
        const parsed = JSON.parse(body) as { type: string; command: string };
        got.push({ type: parsed.type, command: parsed.command });
        res.end('ok');
      });
    });
    await new Promise<void>((ok) => created.listen(port, '127.0.0.1', ok));
    port = (created.address() as AddressInfo).port;
    server = created;
  };
  const down = async () => {
    const s = server;
    server = null;
    s?.closeAllConnections();
    await new Promise((r) => (s ? s.close(r) : r(undefined)));
  };
  await up();
  return { url: `http://127.0.0.1:${port}/hook`, got, down, up, close: down };
}

describe.each(testDialects())('timed effects and waiting for the game on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let target: Target;

  beforeEach(async () => {
    t = await createTestApp(dialect, { admin: TEST_ADMIN, delivery: { ...testConfig().delivery, timeoutMs: 5_000 } });
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    target = await startTarget();
    await addEndpoint(t, target.url, 'other');
  });
  afterEach(async () => {
    await target.close();
    await t.close();
  });

  async function createAction(fields: Record<string, unknown>): Promise<number> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/stream-actions',
      headers: { cookie: admin },
      payload: { description: 'An effect', webhookAction: 'start {username}', cost: 30, ...fields },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as number;
  }
  const queue = async (): Promise<TQueue> =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/queue', headers: { cookie: admin } })).json() as TQueue;
  const decide = (historyId: number, verb: string) =>
    t.app.inject({ method: 'POST', url: `/api/admin/queue/${historyId}/${verb}`, headers: { cookie: admin } });
  const refunds = async (historyId: number) =>
    (await t.db.kysely.selectFrom('transactions').select('id').where('reference', '=', `refund:${historyId}`).execute())
      .length;

  it('asks for a stop command and checks the new fields', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/stream-actions',
      headers: { cookie: admin },
      payload: { name: 'Invert', description: 'x', webhookAction: 'invert on', durationSeconds: 30 },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('A stop command is required for a timed effect');
    const id = await createAction({ name: 'Plain' });
    const listed = (await t.app.inject({ method: 'GET', url: '/api/stream-actions' })).json() as { id: number }[];
    expect(listed.find((a) => a.id === id)).toMatchObject({
      durationSeconds: 0,
      stopCommand: null,
      stackMode: 'queue',
      waitForTarget: true,
      holdMaxSeconds: 600,
    });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/stream-actions/${id}`,
      headers: { cookie: admin },
      payload: { durationSeconds: 10 },
    });
    expect(patched.statusCode).toBe(400);
    expect(patched.json().message).toBe('stopCommand: A stop command is required for a timed effect');
  });

  it('runs for its duration and sends the stop at endsAt, only to the targets that took the start', async () => {
    // A second target that refuses every connection (and is not waited for) never takes the start.
    await addEndpoint(t, 'http://127.0.0.1:9/hook', 'other', 'Down for good');
    const actionId = await createAction({
      name: 'Invert Controls',
      durationSeconds: 30,
      stopCommand: 'stop {username}',
      waitForTarget: false,
    });
    const viewer = await viewerWithCoins(t, 'inverter', 100);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await listen(`${address.replace('http', 'ws')}/ws`, viewer.cookie);
    try {
      const id = (await t.trigger(viewer.cookie, actionId)).json().historyId as number;
      await drainDeliveries(t);
      expect(target.got).toEqual([{ type: 'action.started', command: 'start inverter' }]);
      const started = t.clock.now();
      expect((await queue()).items).toMatchObject([
        { historyId: id, state: 'running', endsAt: new Date(started + 30_000).toISOString(), stopFailed: false },
      ]);
      t.clock.advance(29_000);
      await drainDeliveries(t);
      expect(target.got).toHaveLength(1);
      t.clock.advance(1_000);
      await drainDeliveries(t);
      expect(target.got).toEqual([
        { type: 'action.started', command: 'start inverter' },
        { type: 'action.stopped', command: 'stop inverter' },
      ]);
      // Its start to the target that is down is still tried: listed (holding its group) until that ends.
      expect((await queue()).items).toMatchObject([{ historyId: id, state: 'retrying' }]);
      for (const wait of [10_000, 60_000]) {
        t.clock.advance(wait);
        await drainDeliveries(t);
      }
      expect((await queue()).items).toEqual([]);
      expect(target.got).toHaveLength(2);
      await settle(t, [socket], 'effect-done');
      const steps = socket.messages
        .filter((m): m is TActionStatusMessage => m.type === 'action_status' && m.historyId === id)
        .map((m) => [m.status, m.endsAt ?? null]);
      expect(steps).toContainEqual(['running', new Date(started + 30_000).toISOString()]);
      expect(steps.at(-1)).toEqual(['delivered', null]);
      expect(await refunds(id)).toBe(0);
      expect(await t.balanceOf(viewer.cookie)).toBe(70);
      await assertLedgerInvariant(t.db);
    } finally {
      closeAll(socket);
    }
  });

  it('stops one now, or all at once; a failed stop stays in the queue without a refund', async () => {
    const actionId = await createAction({
      name: 'Fog',
      durationSeconds: 600,
      stopCommand: 'fog off',
      waitForTarget: false,
    });
    const viewer = await viewerWithCoins(t, 'fogger', 100);
    const id = (await t.trigger(viewer.cookie, actionId)).json().historyId as number;
    await drainDeliveries(t);
    expect((await decide(id, 'stop')).statusCode).toBe(200);
    await drainDeliveries(t);
    expect(target.got.map((g) => g.type)).toEqual(['action.started', 'action.stopped']);
    expect((await decide(id, 'stop')).statusCode).toBe(409);

    // The next one's stop finds the target gone for good: shown, not refunded.
    const second = (await t.trigger(viewer.cookie, actionId)).json().historyId as number;
    await drainDeliveries(t);
    await target.down();
    const all = await t.app.inject({ method: 'POST', url: '/api/admin/queue/stop-all', headers: { cookie: admin } });
    expect(all.json()).toEqual({ stopped: 1 });
    for (let i = 0; i < 6; i++) {
      await drainDeliveries(t);
      t.clock.advance(60_000);
    }
    expect((await queue()).items).toMatchObject([{ historyId: second, state: 'running', stopFailed: true }]);
    expect(await refunds(second)).toBe(0);
    // Back up: the streamer sends the stop again.
    await target.up();
    expect((await decide(second, 'stop')).statusCode).toBe(200);
    await drainDeliveries(t);
    expect((await queue()).items).toEqual([]);
    expect(target.got.at(-1)).toEqual({ type: 'action.stopped', command: 'fog off' });
    await assertLedgerInvariant(t.db);
  });

  it('stacks a second trigger by its mode: queue waits, extend lengthens, refuse charges nothing', async () => {
    const viewer = await viewerWithCoins(t, 'stacker', 300);
    const queued = await createAction({ name: 'Queued', durationSeconds: 20, stopCommand: 'q off' });
    const first = (await t.trigger(viewer.cookie, queued)).json().historyId as number;
    await drainDeliveries(t);
    const second = (await t.trigger(viewer.cookie, queued)).json();
    expect(second.state).toBe('queued');
    await drainDeliveries(t);
    expect(target.got.map((g) => g.command)).toEqual(['start stacker']);
    expect((await queue()).items.map((i) => [i.historyId, i.state, i.position])).toEqual([
      [first, 'running', 1],
      [second.historyId, 'queued', 2],
    ]);
    t.clock.advance(20_000);
    await drainDeliveries(t);
    await drainDeliveries(t);
    expect(target.got.map((g) => g.command)).toEqual(['start stacker', 'q off', 'start stacker']);

    const extend = await createAction({
      name: 'Extend',
      durationSeconds: 30,
      stopCommand: 'e off',
      stackMode: 'extend',
    });
    const base = (await t.trigger(viewer.cookie, extend)).json().historyId as number;
    await drainDeliveries(t);
    const startedAt = t.clock.now();
    t.clock.advance(10_000);
    const more = (await t.trigger(viewer.cookie, extend)).json();
    expect(more).toMatchObject({ state: 'running', deliveries: 0 });
    const running = (await queue()).items.find((i) => i.historyId === base);
    expect(running?.endsAt).toBe(new Date(startedAt + 60_000).toISOString());
    t.clock.advance(20_000);
    await drainDeliveries(t);
    expect(target.got.filter((g) => g.command === 'e off')).toHaveLength(0);
    t.clock.advance(30_000);
    await drainDeliveries(t);
    expect(target.got.filter((g) => g.command === 'e off')).toHaveLength(1);

    const refuse = await createAction({
      name: 'Refuse',
      durationSeconds: 40,
      stopCommand: 'r off',
      stackMode: 'refuse',
    });
    await t.trigger(viewer.cookie, refuse);
    await drainDeliveries(t);
    const balance = await t.balanceOf(viewer.cookie);
    t.clock.advance(15_000);
    const refused = await t.trigger(viewer.cookie, refuse);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ status: 'error', message: 'Already running, 25 seconds left' });
    expect(await t.balanceOf(viewer.cookie)).toBe(balance);
    await assertLedgerInvariant(t.db);
  });

  it('another process sends the stop of an effect whose process went away', async () => {
    const actionId = await createAction({ name: 'Night', durationSeconds: 60, stopCommand: 'day' });
    const viewer = await viewerWithCoins(t, 'nightowl', 100);
    await t.trigger(viewer.cookie, actionId);
    await drainDeliveries(t);
    await t.services.deliveryWorker.stop();
    const other = await t.sibling({ delivery: { ...testConfig().delivery, timeoutMs: 5_000 } });
    try {
      t.clock.advance(60_000);
      await other.services.deliveryWorker.runOnce();
      expect(target.got.map((g) => g.command)).toEqual(['start nightowl', 'day']);
    } finally {
      await other.close();
    }
  });

  it('waits for a game server that is down, sends once it is back, refunds once past the limit', async () => {
    const actionId = await createAction({ name: 'Meteor', holdMaxSeconds: 300 });
    const viewer = await viewerWithCoins(t, 'patient', 100);
    await target.down();
    const id = (await t.trigger(viewer.cookie, actionId)).json().historyId as number;
    for (let waited = 0; waited < 180_000; waited += 30_000) {
      await drainDeliveries(t);
      t.clock.advance(30_000);
    }
    expect((await queue()).items).toMatchObject([{ historyId: id, state: 'held', waitingFor: 'the game server' }]);
    await target.up();
    await drainDeliveries(t);
    expect(target.got.map((g) => g.command)).toEqual(['start patient']);
    expect(await refunds(id)).toBe(0);

    // Down past the limit: one refund, once.
    await target.down();
    const late = (await t.trigger(viewer.cookie, actionId)).json().historyId as number;
    for (let waited = 0; waited <= 330_000; waited += 30_000) {
      await drainDeliveries(t);
      t.clock.advance(30_000);
    }
    await drainDeliveries(t);
    expect(await refunds(late)).toBe(1);
    expect(await t.balanceOf(viewer.cookie)).toBe(70);
    await assertLedgerInvariant(t.db);
  });

  it('holds an individual Rust action until its player joins, then sends it', async () => {
    const players: { steamId: string; username: string }[] = [];
    const rust = await startWebRconStandIn({ password: 'rust-pass', players });
    try {
      // Only the Rust server takes it: the webhook target of the other tests steps aside.
      const listed = await t.app.inject({
        method: 'GET',
        url: '/api/admin/webhook-endpoints',
        headers: { cookie: admin },
      });
      for (const { id } of listed.json() as { id: number }[]) {
        await t.app.inject({
          method: 'PATCH',
          url: `/api/admin/webhook-endpoints/${id}`,
          headers: { cookie: admin },
          payload: { active: false },
        });
      }
      const endpoint = await t.app.inject({
        method: 'POST',
        url: '/api/admin/webhook-endpoints',
        headers: { cookie: admin },
        payload: { url: rust.url, secretKey: 'rust-pass', description: 'Rust', gameType: 'rust' },
      });
      expect(endpoint.statusCode, endpoint.body).toBe(200);
      const actionId = await createAction({
        name: 'Give Rock',
        gameType: 'rust',
        targetType: 'individual',
        webhookAction: 'inventory.giveto {target} rock 1',
      });
      const viewer = await viewerWithCoins(t, 'rockfan', 100);
      const steamId = '76561198000000042';
      const id = (await t.trigger(viewer.cookie, actionId, { targetSteamId: steamId })).json().historyId as number;
      await drainDeliveries(t);
      expect(rust.commands.filter((c) => c.startsWith('inventory'))).toEqual([]);
      expect((await queue()).items).toMatchObject([{ historyId: id, state: 'held', waitingFor: `${steamId} to join` }]);
      // The player joins 30 s later: the next try finds them and sends the action.
      t.clock.advance(30_000);
      players.push({ steamId, username: 'Rocky' });
      await drainDeliveries(t);
      expect(rust.commands.filter((c) => c.startsWith('inventory'))).toEqual([`inventory.giveto ${steamId} rock 1`]);
      expect((await queue()).items).toEqual([]);
      expect(await refunds(id)).toBe(0);
    } finally {
      await rust.close();
    }
  });
});
