import { findPoolByHistory, listDeliveries, listTransactions } from '@shop/db';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import { closedPort, startWebhookStandIn, type WebhookStandIn } from '@shop/dispatch/testing';
import { POOLED_ACTION_MESSAGE, type TPoolContributeOut, type TPoolOut, type TPoolProgressMessage } from '@shop/domain';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addAction, addEndpoint, viewerWithCoins } from './delivery-helpers';
import { createTestApp, drainDeliveries, type TestApp } from './helpers';
import { listen, settle, until } from './live-helpers';

const WINDOW_SECONDS = 600;

describe.each(testDialects())('crowd goals on %s', (dialect) => {
  let t: TestApp;
  let hook: WebhookStandIn;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    hook = await startWebhookStandIn();
    await addEndpoint(t, hook.url, 'other', 'first');
    await addEndpoint(t, hook.url, 'other', 'second');
  });
  afterEach(async () => {
    await t.close();
    await hook.close();
  });

  /** A pooled action straight in the database (the admin form's fields are the lead's wiring). */
  async function pooledAction(goal: number, fields: { waitForTarget?: boolean } = {}): Promise<number> {
    const id = await addAction(t, { name: `Crowd ${goal}`, gameType: 'any', cost: 10 });
    await t.db.kysely
      .updateTable('stream_actions')
      .set({ pool_goal: goal, pool_window_seconds: WINDOW_SECONDS, wait_for_target: fields.waitForTarget ? 1 : 0 })
      .where('id', '=', id)
      .execute();
    t.services.catalog.invalidate();
    return id;
  }

  const contribute = (cookie: string, actionId: number, coins: number, requestId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/pools/${actionId}/contribute`,
      headers: { cookie },
      payload: { coins, requestId },
    });

  const pools = async (actionId: number) =>
    t.db.kysely.selectFrom('pools').selectAll().where('action_id', '=', actionId).orderBy('id').execute();

  const historiesOf = async (actionId: number) =>
    t.db.kysely.selectFrom('action_history').selectAll().where('action_id', '=', actionId).execute();

  it('fires exactly once when 30 viewers chip in at the same moment, capping the one that overshoots', async () => {
    const actionId = await pooledAction(1000);
    const viewers = await Promise.all(Array.from({ length: 30 }, (_, i) => viewerWithCoins(t, `crowd${i}`, 100)));
    const replies = await Promise.all(viewers.map((v, i) => contribute(v.cookie, actionId, 37, `chip-in-${i}`)));
    for (const reply of replies) expect(reply.statusCode, reply.body).toBe(200);

    const all = await pools(actionId);
    const fired = all.filter((p) => p.state === 'fired');
    expect(fired).toHaveLength(1);
    const [pool] = fired;
    expect(Number(pool?.raised)).toBe(1000);
    // 27 full contributions make 999; the 28th offered 37 and was given 1; the last two open the next pool.
    const shares = await t.db.kysely
      .selectFrom('pool_contributions')
      .selectAll()
      .where('pool_id', '=', pool?.id ?? 0)
      .execute();
    expect(shares.reduce((sum, s) => sum + Number(s.coins), 0)).toBe(1000);
    expect(shares.map((s) => Number(s.coins)).sort((a, b) => a - b)[0]).toBe(1);
    const next = all.filter((p) => p.state === 'open');
    expect(next).toHaveLength(1);
    expect(Number(next[0]?.raised)).toBe(74);

    const histories = await historiesOf(actionId);
    expect(histories).toHaveLength(1);
    const [history] = histories;
    expect(history).toMatchObject({ cost: 1000, transaction_id: null, id: pool?.history_id });
    expect((await listDeliveries(t.db.kysely, history?.id ?? 0)).filter((d) => d.is_resend === 0)).toHaveLength(2);
    // The completing viewer is the one whose reply names the trigger.
    const completing = replies.map((r) => r.json() as TPoolContributeOut).filter((r) => r.historyId !== null);
    expect(completing).toHaveLength(1);
    expect(completing[0]).toMatchObject({ coins: 1, historyId: history?.id, pool: { state: 'fired', raised: 1000 } });

    await drainDeliveries(t);
    await until(() => hook.received.length >= 2);
    expect(hook.received).toHaveLength(2);
    const spent = await Promise.all(viewers.map((v) => t.balanceOf(v.cookie)));
    expect(spent.reduce((sum, b) => sum + (100 - b), 0)).toBe(1074);
    await assertLedgerInvariant(t.db);
  });

  it('refunds every contribution exactly once when the window ends short of the goal', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const socket = await listen(`${address.replace('http', 'ws')}/ws`);
    const actionId = await pooledAction(500);
    const viewers = await Promise.all([1, 2, 3].map((i) => viewerWithCoins(t, `short${i}`, 100)));
    for (const [i, v] of viewers.entries()) {
      expect((await contribute(v.cookie, actionId, 40 + i, `short-in-${i}`)).statusCode).toBe(200);
    }
    const listed = (await t.app.inject({ method: 'GET', url: '/api/pools' })).json() as TPoolOut[];
    expect(listed).toEqual([expect.objectContaining({ actionId, goal: 500, raised: 123, contributors: 3 })]);

    t.clock.advance(WINDOW_SECONDS * 1000 + 1);
    await t.services.controlRoom.sweep();
    // A second sweep, another process's and a read find nothing left to refund.
    await t.services.controlRoom.sweep();
    const sibling = await t.sibling();
    await sibling.services.controlRoom.sweep();
    await sibling.close();
    expect((await t.app.inject({ method: 'GET', url: '/api/pools' })).json()).toEqual([]);

    expect((await pools(actionId)).map((p) => p.state)).toEqual(['expired']);
    for (const v of viewers) {
      expect(await t.balanceOf(v.cookie)).toBe(100);
      const ledger = await listTransactions(t.db.kysely, v.id);
      expect(ledger.filter((e) => e.type === 'pool_refund')).toHaveLength(1);
    }
    expect(await historiesOf(actionId)).toHaveLength(0);
    await settle(t, [socket], 'after-expiry');
    const progress = socket.messages.filter((m): m is TPoolProgressMessage => m.type === 'pool_progress');
    expect(progress.map((m) => [m.raised, m.state])).toEqual([
      [40, 'open'],
      [81, 'open'],
      [123, 'open'],
      [123, 'expired'],
    ]);
    // Public figures only: nothing names who put in what.
    expect(Object.keys(progress[0] ?? {}).sort()).toEqual(
      ['actionId', 'actionName', 'contributors', 'endsAt', 'goal', 'raised', 'state', 'type'].sort(),
    );
    socket.ws.close();
    await assertLedgerInvariant(t.db);
  });

  it('refunds each share once when the fired action cannot be delivered', async () => {
    const port = await closedPort();
    await t.db.kysely.updateTable('webhook_endpoints').set({ active: 0 }).execute();
    await addEndpoint(t, `http://127.0.0.1:${port}/down`, 'other', 'down');
    const actionId = await pooledAction(90, { waitForTarget: false });
    const a = await viewerWithCoins(t, 'sharer1', 100);
    const b = await viewerWithCoins(t, 'sharer2', 100);
    expect((await contribute(a.cookie, actionId, 60, 'sharer-a-1')).statusCode).toBe(200);
    const last = (await contribute(b.cookie, actionId, 60, 'sharer-b-1')).json() as TPoolContributeOut;
    expect(last).toMatchObject({ coins: 30, pool: { state: 'fired' } });
    const historyId = last.historyId ?? 0;

    for (const wait of [0, 2_000, 10_000, 60_000, 300_000]) {
      t.clock.advance(wait);
      await drainDeliveries(t);
    }
    const [delivery] = await listDeliveries(t.db.kysely, historyId);
    expect(delivery?.status).toBe('failed');
    expect(await t.balanceOf(a.cookie)).toBe(100);
    expect(await t.balanceOf(b.cookie)).toBe(100);
    for (const viewer of [a, b]) {
      const ledger = await listTransactions(t.db.kysely, viewer.id);
      expect(ledger.filter((e) => e.type === 'pool_refund')).toHaveLength(1);
      expect(ledger.filter((e) => e.type === 'refund')).toHaveLength(0);
    }
    const history = await t.db.kysely
      .selectFrom('action_history')
      .select(['refunded', 'success'])
      .where('id', '=', historyId)
      .executeTakeFirst();
    expect(history).toEqual({ refunded: 1, success: 0 });
    expect((await findPoolByHistory(t.db.kysely, historyId))?.state).toBe('fired');
    await assertLedgerInvariant(t.db);
  });

  it('moves coins once for a replayed requestId, concurrent or later', async () => {
    const actionId = await pooledAction(1000);
    const viewer = await viewerWithCoins(t, 'replayer', 100);
    const twins = await Promise.all([1, 2, 3].map(() => contribute(viewer.cookie, actionId, 25, 'same-key')));
    for (const reply of twins) expect(reply.statusCode, reply.body).toBe(200);
    const later = await contribute(viewer.cookie, actionId, 25, 'same-key');
    for (const reply of [...twins, later]) expect(reply.json()).toMatchObject({ coins: 25, balance: 75 });
    expect(await t.balanceOf(viewer.cookie)).toBe(75);
    expect(Number((await pools(actionId))[0]?.raised)).toBe(25);
    const ledger = await listTransactions(t.db.kysely, viewer.id);
    expect(ledger.filter((e) => e.type === 'pool_contribution')).toHaveLength(1);
    // The key belongs to that contribution: another goal cannot reuse it.
    const other = await pooledAction(2000);
    expect((await contribute(viewer.cookie, other, 25, 'same-key')).statusCode).toBe(409);
    await assertLedgerInvariant(t.db);
  });

  it('refuses what a pool cannot take: a short balance, an ordinary action', async () => {
    const actionId = await pooledAction(1000);
    const poor = await viewerWithCoins(t, 'poor', 5);
    const short = await contribute(poor.cookie, actionId, 10, 'poor-req-1');
    expect(short.statusCode).toBe(402);
    expect(await pools(actionId)).toHaveLength(0);
    const plain = await addAction(t, { name: 'Plain', gameType: 'any', cost: 1 });
    expect((await contribute(poor.cookie, plain, 1, 'poor-req-2')).statusCode).toBe(404);
    expect(await t.balanceOf(poor.cookie)).toBe(5);
    await assertLedgerInvariant(t.db);
  });

  it('answers 409 to a pooled action triggered alone, charging nothing', async () => {
    const actionId = await pooledAction(1000);
    const poor = await viewerWithCoins(t, 'alone', 5000);
    const alone = await t.trigger(poor.cookie, actionId, { requestId: 'poor-req-3' });
    expect(alone.statusCode, alone.body).toBe(409);
    expect(alone.json()).toMatchObject({ status: 'error', message: POOLED_ACTION_MESSAGE });
    expect(await t.balanceOf(poor.cookie)).toBe(5000);
    await assertLedgerInvariant(t.db);
  });
});
