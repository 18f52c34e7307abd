import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import { EFFECT_ENDING_MESSAGE, type TMyQueue, type TQueue } from '@shop/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addEndpoint, viewerWithCoins } from './delivery-helpers';
import {
  createActionAsAdmin,
  createTestApp,
  drainDeliveries,
  loginAs,
  TEST_ADMIN,
  type TestApp,
  testConfig,
} from './helpers';
import { until } from './live-helpers';
import { race } from './race';

/** A webhook target that records what arrives and, while `gated`, keeps its replies until `release()`. */
interface Target {
  url: string;
  got: { type: string; command: string }[];
  gated: boolean;
  release(): void;
  /** Resolves once `count` requests have arrived (answered or not). */
  arrived(count: number): Promise<void>;
  close(): Promise<void>;
}

async function startTarget(): Promise<Target> {
  const got: { type: string; command: string }[] = [];
  const waiting: (() => void)[] = [];
  const target: Target = {
    url: '',
    got,
    gated: false,
    release: () => {
      for (const reply of waiting.splice(0)) reply();
    },
    arrived: (count) => until(() => got.length >= count),
    close: async () => {
      target.release();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += String(chunk);
    });
    req.on('end', () => {
      const parsed = JSON.parse(body) as { type: string; command: string };
      got.push({ type: parsed.type, command: parsed.command });
      const reply = () => res.end('ok');
      if (target.gated) waiting.push(reply);
      else reply();
    });
  });
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  target.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return target;
}

describe.each(testDialects())('extending and stopping timed effects on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let target: Target;

  beforeEach(async () => {
    // A held reply is a slow send, not a failed one.
    t = await createTestApp(dialect, { admin: TEST_ADMIN, delivery: { ...testConfig().delivery, timeoutMs: 60_000 } });
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    target = await startTarget();
    await addEndpoint(t, target.url, 'other');
  });
  afterEach(async () => {
    await target.close();
    await t.close();
  });

  async function createAction(fields: Record<string, unknown>): Promise<number> {
    return createActionAsAdmin(t, admin, {
      name: 'Slow Motion',
      description: 'An effect',
      webhookAction: 'slow on',
      stopCommand: 'slow off',
      durationSeconds: 30,
      stackMode: 'extend',
      cost: 30,
      waitForTarget: false,
      ...fields,
    });
  }
  const queue = async (): Promise<TQueue> =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/queue', headers: { cookie: admin } })).json() as TQueue;
  const myQueue = async (cookie: string): Promise<TMyQueue> =>
    (await t.app.inject({ method: 'GET', url: '/api/queue/mine', headers: { cookie } })).json() as TMyQueue;
  const decide = (historyId: number, verb: string) =>
    t.app.inject({ method: 'POST', url: `/api/admin/queue/${historyId}/${verb}`, headers: { cookie: admin } });
  const stops = () => target.got.filter((g) => g.type === 'action.stopped').length;
  /** Every trigger whose effect is still on in the history (the effect and its extensions). */
  const stillRunning = async () =>
    (
      await t.db.kysely
        .selectFrom('action_history')
        .select('id')
        .where('effect_state', 'in', ['running', 'stop_failed'])
        .execute()
    ).map((r) => r.id);
  /** An effect started by its own viewer and delivered: its history id and when it ends. */
  async function startEffect(actionId: number, username = 'starter') {
    const viewer = await viewerWithCoins(t, username, 100);
    const id = (await t.trigger(viewer.cookie, actionId)).json().historyId as number;
    await drainDeliveries(t);
    await drainDeliveries(t);
    expect(target.got.at(-1)?.type).toBe('action.started');
    return { id, viewer, endsAt: t.clock.now() + 30_000 };
  }

  it('refuses an extend while the stop is being sent, and charges nothing', async () => {
    const actionId = await createAction({});
    await startEffect(actionId);
    const late = await viewerWithCoins(t, 'late', 100);
    t.clock.advance(30_000);
    target.gated = true;
    const pass = t.services.deliveryWorker.runOnce();
    await target.arrived(2);
    const extend = await t.trigger(late.cookie, actionId);
    expect(extend.statusCode, extend.body).toBe(409);
    expect(extend.json()).toEqual({ status: 'error', message: EFFECT_ENDING_MESSAGE });
    expect(await t.balanceOf(late.cookie)).toBe(100);
    target.release();
    await pass;
    expect(stops()).toBe(1);
    expect(await stillRunning()).toEqual([]);
    expect((await queue()).items).toEqual([]);
    await assertLedgerInvariant(t.db);
  });

  it("refuses an extend after the streamer's Stop now or Stop all: the stop goes out at once", async () => {
    const actionId = await createAction({ durationSeconds: 600 });
    const first = await startEffect(actionId);
    const late = await viewerWithCoins(t, 'late', 100);
    expect((await decide(first.id, 'stop')).statusCode).toBe(200);
    t.clock.advance(1);
    const afterStop = await t.trigger(late.cookie, actionId);
    expect(afterStop.statusCode, afterStop.body).toBe(409);
    expect(afterStop.json().message).toBe(EFFECT_ENDING_MESSAGE);
    await drainDeliveries(t);
    expect(stops()).toBe(1);
    expect(await stillRunning()).toEqual([]);

    // Its group is free once the stop went out: the next trigger is an effect of its own.
    const second = await t.trigger(first.viewer.cookie, actionId);
    expect(second.json().state).toBe('queued');
    await drainDeliveries(t);
    await drainDeliveries(t);
    expect(await stillRunning()).toEqual([second.json().historyId]);
    const all = await t.app.inject({ method: 'POST', url: '/api/admin/queue/stop-all', headers: { cookie: admin } });
    expect(all.json()).toEqual({ stopped: 1 });
    t.clock.advance(1);
    const afterStopAll = await t.trigger(late.cookie, actionId);
    expect(afterStopAll.statusCode, afterStopAll.body).toBe(409);
    await drainDeliveries(t);
    expect(stops()).toBe(2);
    expect(await stillRunning()).toEqual([]);
    expect(await t.balanceOf(late.cookie)).toBe(100);
    await assertLedgerInvariant(t.db);
  });

  it('sends a scheduled stop on time while the queue is held, and holds new starts', async () => {
    const actionId = await createAction({ durationSeconds: 10 });
    await startEffect(actionId);
    const hold = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/queue/hold',
      headers: { cookie: admin },
      payload: { held: true },
    });
    expect(hold.json()).toEqual({ held: true });
    const instant = await createAction({ name: 'Confetti', webhookAction: 'confetti', durationSeconds: 0 });
    const viewer = await viewerWithCoins(t, 'holder', 100);
    expect((await t.trigger(viewer.cookie, instant)).json().state).toBe('held');
    t.clock.advance(10_000);
    await drainDeliveries(t);
    expect(target.got.map((g) => g.command)).toEqual(['slow on', 'slow off']);
    expect(await stillRunning()).toEqual([]);
    await assertLedgerInvariant(t.db);
  });

  it('asks for approval of every trigger of an approval action, even while its effect runs', async () => {
    const actionId = await createAction({ requiresApproval: true, approvalTimeoutSeconds: 600 });
    const owner = await viewerWithCoins(t, 'owner', 100);
    const first = (await t.trigger(owner.cookie, actionId)).json();
    expect(first.state).toBe('awaiting_approval');
    expect((await decide(first.historyId, 'approve')).statusCode).toBe(200);
    await drainDeliveries(t);
    await drainDeliveries(t);
    expect(target.got.map((g) => g.command)).toEqual(['slow on']);
    const endsAt = new Date(t.clock.now() + 30_000).toISOString();

    const other = await viewerWithCoins(t, 'other', 100);
    const second = (await t.trigger(other.cookie, actionId)).json();
    expect(second.state).toBe('awaiting_approval');
    expect((await queue()).items.map((i) => [i.historyId, i.state, i.endsAt])).toEqual([
      [first.historyId, 'running', endsAt],
      [second.historyId, 'awaiting_approval', null],
    ]);
    // Approved, it runs as an effect of its own once the first has stopped.
    expect((await decide(second.historyId, 'approve')).statusCode).toBe(200);
    await drainDeliveries(t);
    expect(target.got.map((g) => g.command)).toEqual(['slow on']);
    t.clock.advance(30_000);
    await drainDeliveries(t);
    await drainDeliveries(t);
    expect(target.got.map((g) => g.command)).toEqual(['slow on', 'slow off', 'slow on']);
    expect(await stillRunning()).toEqual([second.historyId]);
    await assertLedgerInvariant(t.db);
  });

  it('lists an extended effect once, and Stop on its extension stops it', async () => {
    const actionId = await createAction({});
    const effect = await startEffect(actionId);
    const other = await viewerWithCoins(t, 'other', 100);
    t.clock.advance(5_000);
    const extension = (await t.trigger(other.cookie, actionId)).json();
    expect(extension).toMatchObject({ state: 'running', deliveries: 0 });
    const endsAt = new Date(effect.endsAt + 30_000).toISOString();
    expect((await queue()).items.map((i) => [i.historyId, i.state, i.endsAt])).toEqual([
      [effect.id, 'running', endsAt],
    ]);
    // The starter extends it too: still one effect in every list, ending later.
    const own = (await t.trigger(effect.viewer.cookie, actionId)).json();
    expect(own.state).toBe('running');
    const later = new Date(effect.endsAt + 60_000).toISOString();
    expect((await queue()).items.map((i) => [i.historyId, i.endsAt])).toEqual([[effect.id, later]]);
    expect((await myQueue(effect.viewer.cookie)).items.map((i) => [i.historyId, i.endsAt])).toEqual([
      [effect.id, later],
    ]);
    // The other viewer sees their own part of it, ending when the effect ends.
    expect((await myQueue(other.cookie)).items.map((i) => [i.historyId, i.state, i.endsAt])).toEqual([
      [extension.historyId, 'running', later],
    ]);

    const stopped = await decide(extension.historyId, 'stop');
    expect(stopped.statusCode, stopped.body).toBe(200);
    await drainDeliveries(t);
    expect(stops()).toBe(1);
    expect(await stillRunning()).toEqual([]);
    expect((await queue()).items).toEqual([]);
    await assertLedgerInvariant(t.db);
  });

  describe('extend at the stop (a race)', () => {
    const N = 8;
    async function viewers(count: number) {
      const made = [];
      for (let i = 0; i < count; i++) made.push(await viewerWithCoins(t, `racer${i}`, 100));
      return made;
    }

    it('N extends while the stop is in flight: every one refused, nobody charged', async () => {
      const actionId = await createAction({});
      await startEffect(actionId);
      const racers = await viewers(N);
      t.clock.advance(30_000);
      target.gated = true;
      const pass = t.services.deliveryWorker.runOnce();
      await target.arrived(2);
      const outcome = await race(t, N, (i) => t.trigger((racers[i] as { cookie: string }).cookie, actionId));
      expect(outcome.statuses).toEqual({ 409: N });
      expect(outcome.refusalMessages).toEqual([EFFECT_ENDING_MESSAGE]);
      for (const racer of racers) expect(await t.balanceOf(racer.cookie)).toBe(100);
      target.release();
      await pass;
      expect(stops()).toBe(1);
      expect(await stillRunning()).toEqual([]);
    });

    it("N extends while the stop's outcome is recorded: refused, or queued as an effect of its own", async () => {
      const actionId = await createAction({});
      const effect = await startEffect(actionId);
      const racers = await viewers(N);
      t.clock.advance(30_000);
      target.gated = true;
      const pass = t.services.deliveryWorker.runOnce();
      await target.arrived(2);
      // Half the extends are answered while the stop is in flight; the other half are sent as its
      // reply is let through, and meet its outcome being recorded.
      const firstHalf: Promise<unknown>[] = [];
      const outcome = await race(t, N, async (i) => {
        const cookie = (racers[i] as { cookie: string }).cookie;
        if (i < N / 2) {
          const reply = t.trigger(cookie, actionId);
          firstHalf.push(reply);
          return reply;
        }
        await Promise.all(firstHalf);
        target.release();
        return t.trigger(cookie, actionId);
      });
      await pass;
      // In flight: refused, nothing charged. Once recorded: an effect of its own, charged, waiting its turn.
      const refused = outcome.replies.map((r) => r.statusCode === 409);
      expect(refused.slice(0, N / 2)).toEqual(Array(N / 2).fill(true));
      expect(outcome.refusalMessages).toEqual([EFFECT_ENDING_MESSAGE]);
      expect(outcome.accepted.map((r) => r.json().state)).toEqual(outcome.accepted.map(() => 'queued'));
      for (const [i, reply] of outcome.replies.entries()) {
        const charged = reply.statusCode === 200 ? 30 : 0;
        expect(await t.balanceOf((racers[i] as { cookie: string }).cookie)).toBe(100 - charged);
      }
      expect(stops()).toBe(1);
      expect(await stillRunning()).toEqual([]);
      const extensions = await t.db.kysely
        .selectFrom('action_history')
        .select('id')
        .where('extends_id', '=', effect.id)
        .execute();
      expect(extensions).toEqual([]);
      const waiting = (await queue()).items;
      expect(waiting.map((i) => i.state)).toEqual(outcome.accepted.map(() => 'queued'));
      await assertLedgerInvariant(t.db);
    });

    it("N extends as the streamer's Stop now lands: each extended the live effect or was refused", async () => {
      const actionId = await createAction({ durationSeconds: 600 });
      const effect = await startEffect(actionId);
      const racers = await viewers(N);
      t.clock.advance(1_000);
      // Half the extends are answered before the streamer's stop; it is sent with the other half.
      const firstHalf: Promise<unknown>[] = [];
      const all = await race(t, N + 1, async (i) => {
        if (i < N / 2) {
          const reply = t.trigger((racers[i] as { cookie: string }).cookie, actionId);
          firstHalf.push(reply);
          return reply;
        }
        await Promise.all(firstHalf);
        return i === N / 2
          ? decide(effect.id, 'stop')
          : t.trigger((racers[i - 1] as { cookie: string }).cookie, actionId);
      });
      const stop = all.replies[N / 2] as (typeof all.replies)[number];
      const replies = all.replies.filter((_, i) => i !== N / 2);
      const accepted = replies.filter((r) => r.statusCode === 200);
      const refused = replies.filter((r) => r.statusCode !== 200);
      // Before the stop: each extended the live effect (charged, ending with it). With it: that, or refused.
      expect(stop.statusCode, stop.body).toBe(200);
      expect(replies.slice(0, N / 2).map((r) => r.statusCode)).toEqual(Array(N / 2).fill(200));
      expect(refused.map((r) => [r.statusCode, r.json().message])).toEqual(
        refused.map(() => [409, EFFECT_ENDING_MESSAGE]),
      );
      expect(accepted.map((r) => r.json().state)).toEqual(accepted.map(() => 'running'));
      for (const [i, reply] of replies.entries()) {
        const charged = reply.statusCode === 200 ? 30 : 0;
        expect(await t.balanceOf((racers[i] as { cookie: string }).cookie)).toBe(100 - charged);
      }
      const extensions = await t.db.kysely
        .selectFrom('action_history')
        .select('id')
        .where('extends_id', '=', effect.id)
        .execute();
      const byId = (a: number, b: number) => a - b;
      expect(extensions.map((e) => e.id).sort(byId)).toEqual(
        accepted.map((r) => r.json().historyId as number).sort(byId),
      );
      // The stop goes out at the streamer's time, not later: no extend moved it.
      await drainDeliveries(t);
      expect(stops()).toBe(1);
      expect(await stillRunning()).toEqual([]);
      await assertLedgerInvariant(t.db);
    });
  });
});
