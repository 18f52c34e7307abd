import { listTransactions } from '@shop/db';
import { assertLedgerInvariant, testDialects } from '@shop/db/testing';
import { startWebhookStandIn, type WebhookStandIn } from '@shop/dispatch/testing';
import type { TPoolContributeOut } from '@shop/domain';
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addAction, addEndpoint, viewerWithCoins } from './delivery-helpers';
import { createTestApp, type TestApp } from './helpers';
import { until } from './live-helpers';
import { race } from './race';

const WINDOW_SECONDS = 60;
const SECOND = 1000;

/**
 * Crowd goals at the edges: contributions racing the end of the window (and the sweep that expires
 * it), and contributions racing to fill the goal. Whatever the order the database serialises them
 * in, every share ends in a pool that fired or is given back exactly once: no coin is taken and lost.
 */
describe.each(testDialects())('crowd goal races on %s', (dialect) => {
  let t: TestApp;
  let hook: WebhookStandIn;

  beforeEach(async () => {
    t = await createTestApp(dialect);
    hook = await startWebhookStandIn();
    await addEndpoint(t, hook.url, 'other', 'overlay');
  });
  afterEach(async () => {
    await assertLedgerInvariant(t.db);
    await t.close();
    await hook.close();
  });

  async function pooledAction(goal: number): Promise<number> {
    const id = await addAction(t, { name: `Crowd ${goal}`, gameType: 'any', cost: 10 });
    await t.db.kysely
      .updateTable('stream_actions')
      .set({ pool_goal: goal, pool_window_seconds: WINDOW_SECONDS })
      .where('id', '=', id)
      .execute();
    t.services.catalog.invalidate();
    return id;
  }

  /** A contribution made at the given moment (the clock reads it for this request alone). */
  const contributeAt = (at: number, cookie: string, actionId: number, coins: number, requestId: string) =>
    t.clock.at(at, () => contribute(cookie, actionId, coins, requestId));

  const contribute = (cookie: string, actionId: number, coins: number, requestId: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/pools/${actionId}/contribute`,
      headers: { cookie },
      payload: { coins, requestId },
    });

  /** Reading the list expires what is due: a sweep any visitor can set going. */
  const listAt = (at: number) => t.clock.at(at, () => t.app.inject({ method: 'GET', url: '/api/pools' }));

  /**
   * Every share accounted for: in a fired pool and kept, or in an expired pool and given back by
   * exactly one ledger row; each viewer's balance is what they started with less the shares kept.
   */
  async function assertEveryShareAccounted(actionId: number, viewers: { id: number; cookie: string; coins: number }[]) {
    const shares = await t.db.kysely
      .selectFrom('pool_contributions as c')
      .innerJoin('pools as p', 'p.id', 'c.pool_id')
      .select(['c.id', 'c.user_id', 'c.coins', 'c.refunded', 'p.state'])
      .where('p.action_id', '=', actionId)
      .execute();
    const refunds = await t.db.kysely
      .selectFrom('transactions')
      .select(['reference', 'amount'])
      .where('type', '=', 'pool_refund')
      .execute();
    const refundCount = new Map<string, number>();
    for (const r of refunds) refundCount.set(r.reference ?? '', (refundCount.get(r.reference ?? '') ?? 0) + 1);
    for (const share of shares) {
      const given = refundCount.get(`pool-refund:${share.id}`) ?? 0;
      if (share.state === 'expired') {
        expect({ share: share.id, refunded: share.refunded, given }).toEqual({
          share: share.id,
          refunded: 1,
          given: 1,
        });
      } else {
        expect({ share: share.id, refunded: share.refunded, given }).toEqual({
          share: share.id,
          refunded: 0,
          given: 0,
        });
      }
    }
    for (const viewer of viewers) {
      const kept = shares
        .filter((s) => s.user_id === viewer.id && s.refunded === 0)
        .reduce((sum, s) => sum + Number(s.coins), 0);
      expect(await t.balanceOf(viewer.cookie)).toBe(viewer.coins - kept);
    }
    return shares;
  }

  const poolsOf = (actionId: number) =>
    t.db.kysely.selectFrom('pools').selectAll().where('action_id', '=', actionId).orderBy('id').execute();

  /**
   * Whether a connection of this test's database is running a statement like `pattern` (MariaDB
   * only). The process list is live; InnoDB's lock-wait tables are a cache refreshed only when
   * nobody read them for a while, so polling them can keep them stale.
   */
  async function running(pattern: string): Promise<boolean> {
    const { rows } = await sql<{ n: number }>`
      select count(*) as n from information_schema.processlist
      where db = database() and info like ${pattern}`.execute(t.db.kysely);
    return Number(rows[0]?.n ?? 0) > 0;
  }

  it("refunds the last second's share when a contribution after the end expires the pool", async () => {
    const actionId = await pooledAction(1000);
    const opener = { ...(await viewerWithCoins(t, 'opener', 100)), coins: 100 };
    const last = { ...(await viewerWithCoins(t, 'lastsecond', 100)), coins: 100 };
    const late = { ...(await viewerWithCoins(t, 'toolate', 100)), coins: 100 };
    const start = t.clock.now();
    expect((await contributeAt(start, opener.cookie, actionId, 30, 'opener-share')).statusCode).toBe(200);
    const end = start + WINDOW_SECONDS * SECOND;

    let replies: LightMyRequestResponse[];
    if (dialect === 'mysql') {
      // The last-second share holds the action's lock while it waits for its viewer's row (held here);
      // the late one reads, then waits for the action; then the last-second share commits.
      replies = await t.db.kysely
        .transaction()
        .execute(async (tx) => {
          await sql`select id from users where id = ${last.id} for update`.execute(tx);
          const lastReply = contributeAt(end - SECOND, last.cookie, actionId, 40, 'last-second-share');
          await until(() => running('update `users` set `coin_balance`%'));
          const lateReply = contributeAt(end + SECOND, late.cookie, actionId, 50, 'too-late-share');
          await until(() => running('select % from `stream_actions` % for update'));
          return [lastReply, lateReply];
        })
        .then((pending) => Promise.all(pending));
    } else {
      // One writer: the two cannot overlap, so the last-second share simply commits first.
      replies = [
        await contributeAt(end - SECOND, last.cookie, actionId, 40, 'last-second-share'),
        await contributeAt(end + SECOND, late.cookie, actionId, 50, 'too-late-share'),
      ];
    }
    const [lastReply, lateReply] = replies.map((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return r.json() as TPoolContributeOut;
    });
    expect(lastReply).toMatchObject({ message: 'Your coins are in.', coins: 40, pool: { raised: 70, state: 'open' } });
    expect(lateReply).toMatchObject({ coins: 50, pool: { raised: 50, state: 'open' } });

    expect((await poolsOf(actionId)).map((p) => p.state)).toEqual(['expired', 'open']);
    await assertEveryShareAccounted(actionId, [opener, last, late]);
    expect(await t.balanceOf(last.cookie)).toBe(100);
    expect(await t.balanceOf(late.cookie)).toBe(50);
    await assertLedgerInvariant(t.db);
  });

  // Without sweeps, the contributions after the end expire the pool themselves; with them, the list
  // reads and the worker's sweep race the contributions for it.
  it.each([0, 4])(
    'accounts for every share when contributions race across the end of the window (%i sweeps)',
    async (sweeps) => {
      const actionId = await pooledAction(100_000);
      const start = t.clock.now();
      const opener = { ...(await viewerWithCoins(t, 'edgeopener', 500)), coins: 500 };
      expect((await contributeAt(start, opener.cookie, actionId, 10, 'edge-opener')).statusCode).toBe(200);
      const end = start + WINDOW_SECONDS * SECOND;
      const viewers = await Promise.all(
        Array.from({ length: 16 }, async (_, i) => ({ ...(await viewerWithCoins(t, `edge${i}`, 500)), coins: 500 })),
      );
      // Half a second either side of the end, interleaved.
      const sends = viewers.length + sweeps;
      const [outcome] = await Promise.all([
        race(t, sends, (i) => {
          const viewer = viewers[i];
          if (!viewer) return listAt(end + SECOND);
          const at = i % 2 === 0 ? end - SECOND / 2 : end + SECOND / 2;
          return contributeAt(at, viewer.cookie, actionId, 10 + i, `edge-share-${i}`);
        }),
        sweeps > 0 && t.clock.at(end + SECOND, () => t.services.controlRoom.sweep()),
      ]);
      expect(outcome.statuses).toEqual({ 200: sends });

      const shares = await assertEveryShareAccounted(actionId, [opener, ...viewers]);
      expect(shares).toHaveLength(viewers.length + 1);
      // Each reply told the viewer what was taken, and the ledger took exactly that once.
      for (const [i, viewer] of viewers.entries()) {
        expect(outcome.replies[i]?.json()).toMatchObject({ coins: 10 + i });
        const debits = (await listTransactions(t.db.kysely, viewer.id)).filter((r) => r.type === 'pool_contribution');
        expect(debits.map((r) => Number(r.amount))).toEqual([-(10 + i)]);
      }
      const states = (await poolsOf(actionId)).map((p) => p.state);
      expect(states[0]).toBe('expired');
      expect(states.filter((s) => s === 'open')).toHaveLength(1);
      await assertLedgerInvariant(t.db);
    },
  );

  it('fires exactly once when 20 contributions race to fill the goal, and the rest open the next pool', async () => {
    const actionId = await pooledAction(100);
    const viewers = await Promise.all(
      Array.from({ length: 20 }, async (_, i) => ({ ...(await viewerWithCoins(t, `filler${i}`, 50)), coins: 50 })),
    );
    const outcome = await race(t, 20, (i) => {
      const viewer = viewers[i];
      if (!viewer) throw new Error('a viewer per copy');
      return contribute(viewer.cookie, actionId, 7, `fill-share-${i}`);
    });
    expect(outcome.statuses).toEqual({ 200: 20 });
    const replies = outcome.replies.map((r) => r.json() as TPoolContributeOut);

    const [first, next, ...more] = await poolsOf(actionId);
    expect(more).toEqual([]);
    expect(first).toMatchObject({ state: 'fired' });
    expect(Number(first?.raised)).toBe(100);
    expect(next).toMatchObject({ state: 'open' });
    // 14 shares of 7 make 98; the 15th is given the missing 2; the last five open the next pool.
    const shares = await t.db.kysely.selectFrom('pool_contributions').selectAll().orderBy('id').execute();
    const inFirst = shares.filter((s) => s.pool_id === first?.id).map((s) => Number(s.coins));
    expect(inFirst.reduce((sum, c) => sum + c, 0)).toBe(100);
    expect(inFirst.sort((a, b) => a - b)).toEqual([2, ...Array(14).fill(7)]);
    expect(Number(next?.raised)).toBe(35);
    expect(replies.map((r) => r.coins).reduce((sum, c) => sum + c, 0)).toBe(135);
    const fired = replies.filter((r) => r.historyId !== null);
    expect(fired).toHaveLength(1);
    expect(fired[0]).toMatchObject({ coins: 2, historyId: first?.history_id, pool: { raised: 100, state: 'fired' } });
    const histories = await t.db.kysely
      .selectFrom('action_history')
      .selectAll()
      .where('action_id', '=', actionId)
      .execute();
    expect(histories).toHaveLength(1);

    // The next pool runs out short: its five shares come back once each, the fired pool's stay spent.
    t.clock.advance(WINDOW_SECONDS * SECOND + 1);
    await Promise.all([
      t.services.controlRoom.sweep(),
      t.app.inject({ method: 'GET', url: '/api/pools' }),
      t.services.controlRoom.sweep(),
    ]);
    await assertEveryShareAccounted(actionId, viewers);
    await assertLedgerInvariant(t.db);
  });
});
