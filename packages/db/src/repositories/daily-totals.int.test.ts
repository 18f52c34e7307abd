import { DAY_MS } from '@shop/domain';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../executor';
import { transactionWithRetry } from '../retry';
import { assertLedgerInvariant, createTestDb, findDailyTotalsDrift, type TestDb, testDialects } from '../testing/index';
import { claimDueDeliveries, finishDelivery, insertDelivery } from './deliveries';
import { deleteEndpoint, insertEndpoint } from './endpoints';
import { adjustSupporterTotals, findHistory, insertHistory, markHistoryRefunded, settleHistory } from './history';
import { credit, debit } from './ledger';
import { foldDailyShards, overviewPeriod, streamerOverview } from './overview';
import { claimPaymentForCredit, insertPayment, lockBalance, lockPayment, recordTakeBack } from './payments';
import { insertUser } from './users';

const DAY_1 = Date.UTC(2026, 2, 1);
const HOUR = 3_600_000;

/** As the shop's overview reads: past days' shards folded first, in a transaction of their own. */
async function foldThenRead(db: TestDb, now: number, days: number) {
  await transactionWithRetry(db, (tx) => foldDailyShards(tx, overviewPeriod(now, days).toDay));
  return streamerOverview(db.kysely, now, days);
}

/**
 * The per-day totals against a recount of the rows they count, after every kind of write the shop
 * makes, through the repositories the shop calls: purchases and their chargebacks, triggers and
 * their deliveries' outcomes, automatic and admin refunds, a test, a deleted endpoint, and
 * transactions that fail half way.
 */
describe.each(testDialects())('daily totals on %s', (dialect) => {
  let db: TestDb;
  let alice: number;
  let bob: number;
  let main: number;
  let spare: number;
  /** Where a trigger's deliveries go: the endpoints not deleted yet. */
  let targets: number[];

  beforeAll(async () => {
    db = await createTestDb(dialect);
    alice = await insertUser(db.kysely, { username: 'alice', passwordHash: 'h', now: 1 });
    bob = await insertUser(db.kysely, { username: 'bob', passwordHash: 'h', now: 1 });
    const endpoint = (description: string) =>
      insertEndpoint(db.kysely, {
        url: `http://127.0.0.1:9/${description}`,
        secretKey: 's',
        description,
        gameType: 'other',
        active: true,
        now: 1,
      });
    main = await endpoint('main');
    spare = await endpoint('spare');
    targets = [main, spare];
  });
  afterAll(async () => db?.destroy());

  /** As creditPayment does: claim the order, then the ledger row, in one transaction. */
  async function buy(userId: number, orderId: string, coins: number, cents: number, at: number) {
    await insertPayment(db.kysely, {
      provider: 'demo',
      order_id: orderId,
      user_id: userId,
      package_id: null,
      coins,
      package_name: 'Pack',
      amount_cents: cents,
      currency: 'USD',
      status: 'created',
      failure_reason: null,
      created_at: at,
      updated_at: at,
    });
    await db.transaction(async (tx) => {
      expect(await claimPaymentForCredit(tx, orderId, `cap-${orderId}`, at + HOUR)).toBe(true);
      await credit(tx, { userId, amount: coins, type: 'purchase', description: 'Pack', reference: orderId, now: at });
    });
  }

  /** As the trigger does: debit, history, one delivery per endpoint, supporter totals. */
  async function triggerIn(tx: Executor, userId: number, actionId: number, cost: number, at: number, isTest = false) {
    let transactionId: number | null = null;
    if (!isTest) {
      transactionId = await debit(tx, { userId, amount: cost, type: 'action', description: 'Act', now: at });
      expect(transactionId).not.toBeNull();
      await adjustSupporterTotals(tx, userId, 1, cost);
    }
    const historyId = await insertHistory(tx, {
      userId,
      actionId,
      actionName: `Action ${actionId}`,
      cost,
      target: null,
      isTest,
      transactionId,
      now: at,
    });
    for (const endpointId of targets) {
      await insertDelivery(tx, { historyId, endpointId, command: 'go', now: at });
    }
    return historyId;
  }
  const trigger = (userId: number, actionId: number, cost: number, at: number, isTest = false) =>
    db.transaction((tx) => triggerIn(tx, userId, actionId, cost, at, isTest));

  /** One attempt at each of the trigger's queued deliveries, with the outcome given per endpoint. */
  async function deliver(
    historyId: number,
    at: number,
    outcome: (endpointId: number) => 'delivered' | 'failed' | 'retry',
  ) {
    const claimedRows = await db.transaction((tx) =>
      claimDueDeliveries(tx, at, 10, 60_000, { historyIds: [historyId] }),
    );
    for (const claimed of claimedRows) {
      const result = outcome(claimed.endpoint_id ?? 0);
      await db.transaction((tx) =>
        finishDelivery(
          tx,
          claimed.id,
          claimed.lease_token,
          result === 'delivered'
            ? { status: 'delivered', response: 'ok', attempts: claimed.attempts + 1, now: at }
            : result === 'failed'
              ? { status: 'failed', error: 'down', attempts: claimed.attempts + 1, now: at }
              : { status: 'queued', error: 'busy', attempts: claimed.attempts + 1, nextAttemptAt: at, now: at },
        ),
      );
    }
  }

  /** As refundInTransaction does, for the worker's automatic refunds and an admin's alike. */
  async function refund(historyId: number, at: number) {
    await db.transaction(async (tx) => {
      const history = await findHistory(tx, historyId);
      if (!history) throw new Error('no such trigger');
      expect(await markHistoryRefunded(tx, historyId)).toBe(true);
      await credit(tx, {
        userId: history.user_id,
        amount: history.cost,
        type: 'refund',
        description: 'Refund',
        reference: `refund:${historyId}`,
        now: at,
      });
      await adjustSupporterTotals(tx, history.user_id, -1, -history.cost);
    });
  }

  /** As takeBackCoins does after a PayPal refund or reversal: the coins back, the payment reversed. */
  async function chargeback(orderId: string, at: number) {
    await db.transaction(async (tx) => {
      const payment = await lockPayment(tx, orderId);
      if (!payment) throw new Error('no such order');
      const coins = payment.coins ?? 0;
      const taken = Math.min(await lockBalance(tx, payment.user_id), coins);
      if (taken > 0) {
        await debit(tx, {
          userId: payment.user_id,
          amount: taken,
          type: 'chargeback',
          description: 'Reversed at PayPal',
          reference: `payment-reversal:${orderId}`,
          now: at,
        });
      }
      const values = { reclaimed: taken, unrecovered: coins - taken, reversed: true, reason: 'reversed' };
      await recordTakeBack(tx, payment.id, values, at);
    });
  }

  const overview = (days: number) => foldThenRead(db, DAY_1 + 2 * DAY_MS + 20 * HOUR, days);

  it('equal a recount of the ledger, payments, history and deliveries after every kind of write', async () => {
    await buy(alice, 'order-a', 500, 499, DAY_1 + HOUR);
    await buy(bob, 'order-b', 300, 299, DAY_1 + 2 * HOUR);
    await buy(bob, 'order-c', 200, 199, DAY_1 + DAY_MS + HOUR);

    // Day 1: delivered everywhere; delivered on one endpoint only (kept); failed everywhere (refunded).
    const kept = await trigger(alice, 1, 50, DAY_1 + 3 * HOUR);
    await deliver(kept, DAY_1 + 3 * HOUR, () => 'delivered');
    await db.transaction((tx) => settleHistory(tx, kept, true));
    const half = await trigger(bob, 2, 30, DAY_1 + 4 * HOUR);
    await deliver(half, DAY_1 + 4 * HOUR, (e) => (e === main ? 'delivered' : 'retry'));
    await deliver(half, DAY_1 + 5 * HOUR, () => 'failed');
    const lost = await trigger(bob, 1, 50, DAY_1 + 6 * HOUR);
    await deliver(lost, DAY_1 + 6 * HOUR, () => 'failed');
    await refund(lost, DAY_1 + 6 * HOUR);
    // Day 2: an admin's refund of a delivered trigger, a test, and a trigger still queued.
    const regretted = await trigger(alice, 2, 30, DAY_1 + DAY_MS + 2 * HOUR);
    await deliver(regretted, DAY_1 + DAY_MS + 2 * HOUR, () => 'delivered');
    await refund(regretted, DAY_1 + DAY_MS + 3 * HOUR);
    const test = await trigger(alice, 3, 10, DAY_1 + DAY_MS + 4 * HOUR, true);
    await deliver(test, DAY_1 + DAY_MS + 4 * HOUR, () => 'failed');
    await trigger(alice, 3, 10, DAY_1 + DAY_MS + 5 * HOUR);
    // Day 3: a chargeback of day 1's order, and the spare endpoint deleted with its deliveries' totals.
    await chargeback('order-b', DAY_1 + 2 * DAY_MS + HOUR);
    await deleteEndpoint(db.kysely, spare);
    targets = [main];

    expect(await findDailyTotalsDrift(db)).toEqual([]);
    await assertLedgerInvariant(db);
    const body = await overview(3);
    expect(body.daily).toEqual([
      // Order b was reversed: its money no longer counts, its coins sold still do (the chargeback is its own row).
      { day: '2026-03-01', coinsSold: 800, moneyCents: 499, triggers: 3, refunds: 1, failedDeliveries: 3 },
      { day: '2026-03-02', coinsSold: 200, moneyCents: 199, triggers: 2, refunds: 1, failedDeliveries: 2 },
      { day: '2026-03-03', coinsSold: 0, moneyCents: 0, triggers: 0, refunds: 0, failedDeliveries: 0 },
    ]);
    expect(body.topActions.map((a) => [a.actionId, a.triggers, a.coins])).toEqual([
      [1, 1, 50],
      [2, 1, 30],
      [3, 1, 10],
    ]);
    expect(body.topSupporters.map((s) => [s.username, s.coins, s.triggers])).toEqual([
      ['alice', 60, 2],
      ['bob', 30, 1],
    ]);
    expect(body.endpoints).toEqual([
      { endpointId: main, description: 'main', delivered: 3, failed: 2, successRate: 0.6 },
      { endpointId: null, description: 'Removed endpoint', delivered: 2, failed: 3, successRate: 0.4 },
    ]);
  });

  it('take nothing from a transaction that failed half way', async () => {
    const before = await overview(3);
    const crash = new Error('the process died here');
    // Debit, history and deliveries written, then the transaction ends in an error: all rolled back.
    await expect(
      db.transaction(async (tx) => {
        await triggerIn(tx, alice, 1, 50, DAY_1 + 2 * DAY_MS + 2 * HOUR);
        throw crash;
      }),
    ).rejects.toBe(crash);
    // An outcome, a refund and a purchase that fail after their counted write.
    const pending = await db.kysely
      .selectFrom('deliveries')
      .select(['id', 'history_id'])
      .where('status', '=', 'queued')
      .executeTakeFirstOrThrow();
    const [claimed] = await db.transaction((tx) =>
      claimDueDeliveries(tx, DAY_1 + 2 * DAY_MS + 3 * HOUR, 10, 60_000, {
        historyIds: [pending.history_id],
      }),
    );
    if (!claimed) throw new Error('nothing claimed');
    await expect(
      db.transaction(async (tx) => {
        const outcome = { status: 'failed', error: 'down', attempts: 1, now: DAY_1 + 2 * DAY_MS } as const;
        expect(await finishDelivery(tx, claimed.id, claimed.lease_token, outcome)).toBe(true);
        expect(await markHistoryRefunded(tx, pending.history_id)).toBe(true);
        throw crash;
      }),
    ).rejects.toBe(crash);
    await expect(
      db.transaction(async (tx) => {
        await credit(tx, { userId: bob, amount: 999, type: 'purchase', description: 'Pack', now: DAY_1 + 2 * DAY_MS });
        await sql`UPDATE payments SET status = 'credited' WHERE order_id = 'order-b'`.execute(tx);
        throw crash;
      }),
    ).rejects.toBe(crash);

    expect(await overview(3)).toEqual(before);
    expect(await findDailyTotalsDrift(db)).toEqual([]);
    await assertLedgerInvariant(db);
  });

  it('fold the shards of past days into one row a day, and a late change into it again', async () => {
    const shardRows = async (day: number) =>
      (
        await db.kysely
          .selectFrom('daily_action_totals')
          .select(['shard'])
          .where('day', '=', day)
          .where('shard', '>', 0)
          .execute()
      ).length;
    const day1 = DAY_1 / DAY_MS;
    // Concurrent-looking triggers of one action on day 3 spread over shards; day 1 was folded when read.
    for (let i = 0; i < 4; i++) await trigger(bob, 4, 5, DAY_1 + 2 * DAY_MS + (10 + i) * HOUR);
    expect(await shardRows(day1 + 2)).toBeGreaterThan(0);
    expect(await shardRows(day1)).toBe(0);

    const late = await db.kysely
      .selectFrom('action_history')
      .select('id')
      .where('refunded', '=', 0)
      .where('is_test', '=', 0)
      .where('created_at', '<', DAY_1 + DAY_MS)
      .where(sql<boolean>`id % 16 > 0`)
      .executeTakeFirstOrThrow();
    await refund(late.id, DAY_1 + 2 * DAY_MS + 15 * HOUR);
    expect(await shardRows(day1)).toBe(1);
    expect(await findDailyTotalsDrift(db)).toEqual([]);
    const before = await overview(3);
    expect(await shardRows(day1)).toBe(0);
    // Today's shards stay until the day is over; folded, the figures are the same.
    expect(await shardRows(day1 + 2)).toBeGreaterThan(0);
    const after = await foldThenRead(db, DAY_1 + 3 * DAY_MS + HOUR, 4);
    expect(after.daily.slice(0, 3)).toEqual(before.daily);
    expect([after.topActions, after.topSupporters, after.endpoints]).toEqual([
      before.topActions,
      before.topSupporters,
      before.endpoints,
    ]);
    expect(await shardRows(day1 + 2)).toBe(0);
    expect(await findDailyTotalsDrift(db)).toEqual([]);
  });

  it('a recount finds a total that missed a change', async () => {
    await sql`UPDATE daily_supporter_totals SET coins = coins + 1 WHERE user_id = ${alice}`.execute(db.kysely);
    const drift = await findDailyTotalsDrift(db);
    expect(drift.map((d) => d.table)).toContain('daily_supporter_totals');
    await sql`UPDATE daily_supporter_totals SET coins = coins - 1 WHERE user_id = ${alice}`.execute(db.kysely);
    expect(await findDailyTotalsDrift(db)).toEqual([]);
  });
});

/** The top lists from the totals against the same lists straight from the history, as the overview once read them. */
describe.each(testDialects())('overview top lists from the daily totals on %s', (dialect) => {
  let db: TestDb;
  const NOW = Date.UTC(2026, 5, 30, 12);
  const today = Math.floor(NOW / DAY_MS);
  beforeAll(async () => {
    db = await createTestDb(dialect);
  });
  afterAll(async () => db?.destroy());

  const paid = (userId: number, actionId: number, actionName: string, cost: number, day: number) =>
    insertHistory(db.kysely, {
      userId,
      actionId,
      actionName,
      cost,
      target: null,
      isTest: false,
      now: day * DAY_MS + HOUR,
    });

  /** The overview's queries before the totals: one GROUP BY over the period's history. */
  async function supportersFromHistory(days: number) {
    const rows = await db.kysely
      .selectFrom('action_history')
      .select(['user_id', sql<number>`SUM(cost)`.as('coins'), sql<number>`COUNT(*)`.as('triggers')])
      .where('created_at', '>=', (today - days + 1) * DAY_MS)
      .where('created_at', '<', (today + 1) * DAY_MS)
      .where('is_test', '=', 0)
      .where('refunded', '=', 0)
      .groupBy('user_id')
      .orderBy(sql`SUM(cost)`, 'desc')
      .orderBy('user_id')
      .limit(5)
      .execute();
    return rows.map((r) => [r.user_id, Number(r.coins), Number(r.triggers)]);
  }

  it('ranks supporters exactly, a big spender on a day the first pass did not sample included', async () => {
    const users: number[] = [];
    for (let i = 0; i < 9; i++)
      users.push(await insertUser(db.kysely, { username: `fan${i}`, passwordHash: 'h', now: 1 }));
    // Steady spenders on every day of 40, more each; then one viewer's single big day, which the
    // sample of 16 days (every third day back from today) does not contain.
    for (let back = 0; back < 40; back++) {
      for (let i = 0; i < 8; i++) await paid(users[i] as number, 1, 'Steady', 1 + i, today - back);
    }
    expect(Math.ceil(40 / 16)).toBe(3);
    await paid(users[8] as number, 2, 'Splurge', 250, today - 1);
    // Ties: the same coins, broken by the lower user id.
    await paid(users[2] as number, 2, 'Splurge', 160, today - 20);

    for (const days of [1, 2, 7, 30, 40, 90]) {
      const body = await streamerOverview(db.kysely, NOW, days);
      expect(
        body.topSupporters.map((s) => [s.userId, s.coins, s.triggers]),
        `${days} days`,
      ).toEqual(await supportersFromHistory(days));
    }
    expect((await streamerOverview(db.kysely, NOW, 40)).topSupporters.map((s) => s.username)).toContain('fan8');
  });

  it('names a deleted action after its latest kept trigger of the period, when the newest was refunded too', async () => {
    const [fan] = await db.kysely.selectFrom('users').select('id').orderBy('id').limit(1).execute();
    const userId = fan?.id ?? 0;
    await paid(userId, 77, 'Old name', 9, today - 3);
    await paid(userId, 77, 'Renamed', 9, today - 2);
    const newest = await paid(userId, 77, 'Renamed again', 9, today - 2);
    for (let i = 0; i < 60; i++) await paid(userId, 77, 'Renamed again', 9, today - 1);
    const lastOfDay = await db.kysely
      .selectFrom('action_history')
      .select('id')
      .where('action_id', '=', 77)
      .where('created_at', '>=', (today - 1) * DAY_MS)
      .execute();
    // Every trigger of the last day and the newest of the day before are refunded: the name is the
    // one of the latest kept trigger, two days back.
    for (const id of [...lastOfDay.map((r) => r.id), newest]) await markHistoryRefunded(db.kysely, id);
    const [top] = (await streamerOverview(db.kysely, NOW, 7)).topActions.filter((a) => a.actionId === 77);
    expect(top).toEqual({ actionId: 77, name: 'Renamed', triggers: 2, coins: 18 });
    expect(await findDailyTotalsDrift(db)).toEqual([]);
  });
});
