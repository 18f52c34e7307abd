import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import type { TActionStatusMessage, TQueue, TQueueItem } from '@shop/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addEndpoint, viewerWithCoins } from './delivery-helpers';
import { createTestApp, drainDeliveries, loginAs, TEST_ADMIN, type TestApp, testConfig } from './helpers';
import { closeAll, listen, settle, until } from './live-helpers';

/** A webhook target that records what arrives, in order, and answers when `release` says so. */
interface Target {
  url: string;
  arrived: string[];
  /** While set, replies wait until it is called (a send that takes its time). */
  hold: boolean;
  release(): void;
  server: Server;
}

async function startTarget(): Promise<Target> {
  const waiting: (() => void)[] = [];
  const target: Target = {
    url: '',
    arrived: [],
    hold: false,
    release: () => {
      for (const reply of waiting.splice(0)) reply();
    },
    server: createServer((req: IncomingMessage, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += String(chunk);
      });
      req.on('end', () => {
        target.arrived.push((JSON.parse(body) as { action: { name: string } }).action.name);
        const reply = () => res.end('ok');
        if (target.hold) waiting.push(reply);
        else reply();
      });
    }),
  };
  await new Promise<void>((ok) => target.server.listen(0, '127.0.0.1', ok));
  target.url = `http://127.0.0.1:${(target.server.address() as AddressInfo).port}/hook`;
  return target;
}

describe.each(testDialects())('the control room on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let target: Target;

  beforeEach(async () => {
    // A minute per send: a target that holds its reply is slow, not failed.
    t = await createTestApp(dialect, { admin: TEST_ADMIN, delivery: { ...testConfig().delivery, timeoutMs: 60_000 } });
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    target = await startTarget();
    await addEndpoint(t, target.url, 'other');
  });
  afterEach(async () => {
    target.release();
    target.server.closeAllConnections();
    await new Promise((r) => target.server.close(r));
    await t.close();
  });

  async function createAction(fields: Record<string, unknown>): Promise<number> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/stream-actions',
      headers: { cookie: admin },
      payload: { description: 'An effect', webhookAction: 'effect', cost: 50, ...fields },
    });
    expect(res.statusCode).toBe(200);
    return res.json().id as number;
  }

  const queue = async (): Promise<TQueue> =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/queue', headers: { cookie: admin } })).json() as TQueue;

  const decide = (historyId: number, verb: string) =>
    t.app.inject({ method: 'POST', url: `/api/admin/queue/${historyId}/${verb}`, headers: { cookie: admin } });

  const ledgerRows = (reference: string) =>
    t.db.kysely.selectFrom('transactions').select('id').where('reference', '=', reference).execute();

  it('checks the queue fields of the action form and lists them', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/stream-actions',
      headers: { cookie: admin },
      payload: { name: 'X', description: 'X', webhookAction: 'x', approvalTimeoutSeconds: 5 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Approval timeout must be at least 10 seconds');
    const long = await t.app.inject({
      method: 'POST',
      url: '/api/admin/stream-actions',
      headers: { cookie: admin },
      payload: { name: 'X', description: 'X', webhookAction: 'x', queueGroup: 'g'.repeat(41) },
    });
    expect(long.json().message).toContain('Queue group must be 1 to 40 characters');
    const id = await createAction({ name: 'Plain' });
    const listed = (await t.app.inject({ method: 'GET', url: '/api/stream-actions' })).json() as {
      id: number;
    }[];
    expect(listed.find((a) => a.id === id)).toMatchObject({
      requiresApproval: false,
      approvalTimeoutSeconds: 120,
      queueGroup: null,
      gapSeconds: 0,
    });
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/stream-actions/${id}`,
      headers: { cookie: admin },
      payload: { requiresApproval: true, approvalTimeoutSeconds: 30, queueGroup: 'chaos', gapSeconds: 5 },
    });
    expect(edited.json()).toMatchObject({
      requiresApproval: true,
      approvalTimeoutSeconds: 30,
      queueGroup: 'chaos',
      gapSeconds: 5,
    });
  });

  it('approve sends it, reject and expiry refund it once, and a late decision is refused with what happened', async () => {
    const actionId = await createAction({ name: 'Spawn Creeper', requiresApproval: true, approvalTimeoutSeconds: 60 });
    const viewer = await viewerWithCoins(t, 'alice', 200);
    const first = await t.trigger(viewer.cookie, actionId);
    expect(first.json()).toMatchObject({ state: 'awaiting_approval', balance: 150 });
    const firstId = first.json().historyId as number;
    const item = (await queue()).items[0] as TQueueItem;
    expect(item).toMatchObject({
      historyId: firstId,
      state: 'awaiting_approval',
      position: null,
      username: 'alice',
      cost: 50,
      approvalExpiresAt: new Date(t.clock.now() + 60_000).toISOString(),
    });
    // Nothing goes out while it waits.
    await drainDeliveries(t);
    expect(target.arrived).toEqual([]);

    const approved = await decide(firstId, 'approve');
    expect(approved.statusCode).toBe(200);
    expect(approved.json().state).toBe('queued');
    await drainDeliveries(t);
    expect(target.arrived).toEqual(['Spawn Creeper']);
    expect((await decide(firstId, 'reject')).json()).toEqual({
      status: 'error',
      message: 'This trigger cannot be rejected: it is delivered',
    });

    const second = (await t.trigger(viewer.cookie, actionId)).json().historyId as number;
    const rejected = await decide(second, 'reject');
    expect(rejected.json()).toMatchObject({ historyId: second, state: 'rejected' });
    expect(await t.balanceOf(viewer.cookie)).toBe(150);
    const again = await decide(second, 'reject');
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This trigger cannot be rejected: it is rejected');
    expect(await ledgerRows(`refund:${second}`)).toHaveLength(1);

    const third = (await t.trigger(viewer.cookie, actionId)).json().historyId as number;
    t.clock.advance(60_000);
    await t.services.deliveryWorker.runOnce();
    expect(await t.balanceOf(viewer.cookie)).toBe(150);
    const late = await decide(third, 'approve');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This trigger cannot be approved: it is expired');
    expect(await ledgerRows(`refund:${third}`)).toHaveLength(1);
    expect((await queue()).items).toEqual([]);
    expect(target.arrived).toEqual(['Spawn Creeper']);
    await assertLedgerInvariant(t.db);
  });

  it('an approve arriving after the time ran out, before the sweep, expires it instead', async () => {
    const actionId = await createAction({ name: 'Gift', requiresApproval: true, approvalTimeoutSeconds: 10 });
    const viewer = await viewerWithCoins(t, 'bob', 50);
    const id = (await t.trigger(viewer.cookie, actionId)).json().historyId as number;
    t.clock.advance(10_000);
    const late = await decide(id, 'approve');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('The approval had already expired: the coins went back to the viewer');
    expect(await t.balanceOf(viewer.cookie)).toBe(50);
    await drainDeliveries(t);
    expect(target.arrived).toEqual([]);
    await assertLedgerInvariant(t.db);
  });

  it('20 racing decisions on one trigger: one winner, one refund, the rest 409', async () => {
    const actionId = await createAction({ name: 'Lava', requiresApproval: true });
    const viewer = await viewerWithCoins(t, 'carol', 50);
    const id = (await t.trigger(viewer.cookie, actionId)).json().historyId as number;
    const verbs = Array.from({ length: 20 }, (_, i) => (i % 2 === 0 ? 'reject' : 'approve'));
    const replies = await Promise.all(verbs.map((verb) => decide(id, verb)));
    const winners = replies.filter((r) => r.statusCode === 200);
    expect(winners).toHaveLength(1);
    expect(replies.filter((r) => r.statusCode === 409)).toHaveLength(19);
    const rejected = winners[0]?.json().state === 'rejected';
    expect(await ledgerRows(`refund:${id}`)).toHaveLength(rejected ? 1 : 0);
    expect(await t.balanceOf(viewer.cookie)).toBe(rejected ? 50 : 0);
    await assertLedgerInvariant(t.db);
  });

  it('hold keeps everything waiting but charged; skip refunds, front reorders, retry sends one now', async () => {
    const actionId = await createAction({ name: 'Confetti', cost: 10 });
    const viewer = await viewerWithCoins(t, 'dave', 100);
    const hold = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/queue/hold',
      headers: { cookie: admin },
      payload: { held: true },
    });
    expect(hold.json()).toEqual({ held: true });
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await t.trigger(viewer.cookie, actionId);
      expect(res.json().state).toBe('held');
      ids.push(res.json().historyId as number);
    }
    expect(await t.balanceOf(viewer.cookie)).toBe(70);
    await drainDeliveries(t);
    expect(target.arrived).toEqual([]);
    const held = await queue();
    expect(held.held).toBe(true);
    expect(held.items.map((i) => [i.historyId, i.state, i.position])).toEqual([
      [ids[0], 'held', 1],
      [ids[1], 'held', 2],
      [ids[2], 'held', 3],
    ]);

    const [a, b, c] = ids as [number, number, number];
    expect((await decide(b, 'skip')).json()).toMatchObject({ state: 'skipped' });
    expect(await t.balanceOf(viewer.cookie)).toBe(80);
    expect((await decide(b, 'skip')).statusCode).toBe(409);
    expect((await decide(c, 'front')).json()).toMatchObject({ historyId: c, position: 1 });
    expect((await queue()).items.map((i) => [i.historyId, i.position])).toEqual([
      [a, 2],
      [c, 1],
    ]);
    // Retry sends this one now, hold or not.
    expect((await decide(a, 'retry')).statusCode).toBe(200);
    await t.services.deliveryWorker.runOnce();
    expect(target.arrived).toEqual(['Confetti']);
    expect((await queue()).items.map((i) => i.historyId)).toEqual([c]);

    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/queue/hold',
      headers: { cookie: admin },
      payload: { held: false },
    });
    await drainDeliveries(t);
    expect(target.arrived).toEqual(['Confetti', 'Confetti']);
    expect((await queue()).items).toEqual([]);
    expect(await ledgerRows(`refund:${b}`)).toHaveLength(1);
    await assertLedgerInvariant(t.db);
  });

  it('a queue group sends one at a time, in order, with its gap; positions count down on the viewer socket', async () => {
    const names = ['Zombies', 'Creepers', 'Skeletons'];
    const ids: number[] = [];
    for (const name of names) ids.push(await createAction({ name, cost: 10, queueGroup: 'mobs', gapSeconds: 5 }));
    const viewer = await viewerWithCoins(t, 'erin', 100);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await listen(`${address.replace('http', 'ws')}/ws`, viewer.cookie);
    const adminSocket = await listen(`${address.replace('http', 'ws')}/ws`, admin);
    try {
      target.hold = true;
      const triggered: number[] = [];
      for (const actionId of ids) triggered.push((await t.trigger(viewer.cookie, actionId)).json().historyId as number);
      await t.services.controlRoom.notifier.settle();
      // The first goes out; the others wait behind it.
      const sending = t.services.deliveryWorker.runOnce();
      await until(() => target.arrived.length === 1);
      await t.services.controlRoom.notifier.settle();
      expect((await queue()).items.map((i) => [i.actionName, i.state, i.position])).toEqual([
        ['Zombies', 'sending', 1],
        ['Creepers', 'queued', 2],
        ['Skeletons', 'queued', 3],
      ]);
      target.hold = false;
      target.release();
      await sending;
      await t.services.controlRoom.notifier.settle();
      expect((await queue()).items).toHaveLength(2);
      // The gap: nothing more goes out until 5 s have passed.
      await t.services.deliveryWorker.runOnce();
      expect(target.arrived).toEqual(['Zombies']);
      t.clock.advance(5_000);
      await drainDeliveries(t);
      await t.services.controlRoom.notifier.settle();
      expect(target.arrived).toEqual(['Zombies', 'Creepers']);
      await t.services.deliveryWorker.runOnce();
      expect(target.arrived).toEqual(['Zombies', 'Creepers']);
      t.clock.advance(5_000);
      await drainDeliveries(t);
      expect(target.arrived).toEqual(['Zombies', 'Creepers', 'Skeletons']);
      await t.services.controlRoom.notifier.settle();
      await settle(t, [socket, adminSocket], 'group-done');

      const lastId = triggered[2] as number;
      const places = socket.messages
        .filter((m): m is TActionStatusMessage => m.type === 'action_status' && m.historyId === lastId)
        .map((m) => m.position)
        .filter((p) => p != null);
      expect(places).toEqual([3, 2, 1]);
      const last = socket.messages.filter((m) => m.type === 'action_status' && m.historyId === lastId).at(-1);
      expect(last).toMatchObject({ status: 'delivered' });
      // The admin's socket heard the queue change; the viewer's never gets the admins' messages.
      expect(adminSocket.messages.some((m) => m.type === 'queue_changed')).toBe(true);
      expect(socket.messages.some((m) => m.type === 'queue_changed')).toBe(false);
      const mine = await t.app.inject({ method: 'GET', url: '/api/queue/mine', headers: { cookie: viewer.cookie } });
      expect(mine.json()).toEqual({ items: [] });
    } finally {
      closeAll(socket, adminSocket);
    }
  });

  it('shows a viewer only their own waiting triggers, and keeps the queue from viewers', async () => {
    const actionId = await createAction({ name: 'Fog', requiresApproval: true, cost: 5 });
    const viewer = await viewerWithCoins(t, 'fay', 20);
    const other = await viewerWithCoins(t, 'gus', 20);
    const mineId = (await t.trigger(viewer.cookie, actionId)).json().historyId as number;
    await t.trigger(other.cookie, actionId);
    const mine = await t.app.inject({ method: 'GET', url: '/api/queue/mine', headers: { cookie: viewer.cookie } });
    expect(mine.json().items).toHaveLength(1);
    expect(mine.json().items[0]).toMatchObject({ historyId: mineId, state: 'awaiting_approval' });
    expect(mine.json().items[0]).not.toHaveProperty('username');
    const refused = await t.app.inject({ method: 'GET', url: '/api/admin/queue', headers: { cookie: viewer.cookie } });
    expect(refused.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/queue/mine' });
    expect(anonymous.statusCode).toBe(401);
  });
});
