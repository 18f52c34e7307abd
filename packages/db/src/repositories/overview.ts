import {
  DAY_MS,
  REMOVED_ENDPOINT_LABEL,
  successRate,
  type TOverview,
  type TOverviewDay,
  type TOverviewEndpointRate,
  type TOverviewTopAction,
  type TOverviewTopSupporter,
  utcDayLabel,
  utcDayNumber,
} from '@shop/domain';
import { sql } from 'kysely';
import type { Executor } from '../executor';

/**
 * The streamer overview: one query per figure, each a range scan over created_at that the
 * overview indexes (migration 2026_11_23_0005) cover, so a million history rows stay an index read.
 * Days are UTC: FLOOR(created_at / 86400000) buckets epoch milliseconds the same way on SQLite
 * (integer division) and MySQL (decimal division, floored).
 */

export interface OverviewPeriod {
  /** First and last UTC day numbers, both included. */
  fromDay: number;
  toDay: number;
  fromMs: number;
  /** Exclusive end. */
  toMs: number;
}

export function overviewPeriod(now: number, days: number): OverviewPeriod {
  const toDay = utcDayNumber(now);
  const fromDay = toDay - days + 1;
  return { fromDay, toDay, fromMs: fromDay * DAY_MS, toMs: (toDay + 1) * DAY_MS };
}

const dayBucket = sql<number>`FLOOR(created_at / ${sql.lit(DAY_MS)})`;
/** mysql2 answers SUM/COUNT of BIGINT as decimal text; SQLite as numbers. */
const num = (value: unknown): number => Number(value ?? 0);

type DayValues = Map<number, number>;
const byDay = (rows: { day: unknown; value: unknown }[]): DayValues =>
  new Map(rows.map((r) => [num(r.day), num(r.value)]));

/** Coins sold per day: the 'purchase' ledger rows. */
async function coinsSoldByDay(db: Executor, p: OverviewPeriod): Promise<DayValues> {
  const rows = await db
    .selectFrom('transactions')
    .select([dayBucket.as('day'), sql<number>`SUM(amount)`.as('value')])
    .where('type', '=', 'purchase')
    .where('created_at', '>=', p.fromMs)
    .where('created_at', '<', p.toMs)
    .groupBy(sql`FLOOR(created_at / ${sql.lit(DAY_MS)})`)
    .execute();
  return byDay(rows);
}

/** Money taken per day: credited payments, by the day the order was created. */
async function moneyByDay(db: Executor, p: OverviewPeriod): Promise<DayValues> {
  const rows = await db
    .selectFrom('payments')
    .select([dayBucket.as('day'), sql<number>`SUM(amount_cents)`.as('value')])
    .where('status', '=', 'credited')
    .where('created_at', '>=', p.fromMs)
    .where('created_at', '<', p.toMs)
    .groupBy(sql`FLOOR(created_at / ${sql.lit(DAY_MS)})`)
    .execute();
  return byDay(rows);
}

/** Triggers (tests excluded) and, of those, refunds per day: both from the same history rows. */
async function triggersByDay(
  db: Executor,
  p: OverviewPeriod,
): Promise<Map<number, { triggers: number; refunds: number }>> {
  const rows = await db
    .selectFrom('action_history')
    .select([
      dayBucket.as('day'),
      sql<number>`COUNT(*)`.as('triggers'),
      sql<number>`SUM(CASE WHEN refunded = 1 THEN 1 ELSE 0 END)`.as('refunds'),
    ])
    .where('created_at', '>=', p.fromMs)
    .where('created_at', '<', p.toMs)
    .where('is_test', '=', 0)
    .groupBy(sql`FLOOR(created_at / ${sql.lit(DAY_MS)})`)
    .execute();
  return new Map(rows.map((r) => [num(r.day), { triggers: num(r.triggers), refunds: num(r.refunds) }]));
}

/** Deliveries that failed for good, by the day they were queued. */
async function failedDeliveriesByDay(db: Executor, p: OverviewPeriod): Promise<DayValues> {
  const rows = await db
    .selectFrom('deliveries')
    .select([dayBucket.as('day'), sql<number>`COUNT(*)`.as('value')])
    .where('status', '=', 'failed')
    .where('created_at', '>=', p.fromMs)
    .where('created_at', '<', p.toMs)
    .groupBy(sql`FLOOR(created_at / ${sql.lit(DAY_MS)})`)
    .execute();
  return byDay(rows);
}

/** The five actions triggered most (paid, not refunded), with the coins they took. */
export async function overviewTopActions(db: Executor, p: OverviewPeriod, limit = 5): Promise<TOverviewTopAction[]> {
  // Aggregate by action id first (covered by the index), then name only the winners: the current
  // name when the action still exists, otherwise the name recorded at the latest trigger.
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('action_history')
        .select([
          'action_id',
          sql<number>`COUNT(*)`.as('triggers'),
          sql<number>`SUM(cost)`.as('coins'),
          sql<number>`MAX(id)`.as('last_id'),
        ])
        .where('created_at', '>=', p.fromMs)
        .where('created_at', '<', p.toMs)
        .where('is_test', '=', 0)
        .where('refunded', '=', 0)
        .groupBy('action_id')
        .orderBy(sql`COUNT(*)`, 'desc')
        .orderBy(sql`SUM(cost)`, 'desc')
        .orderBy('action_id')
        .limit(limit)
        .as('t'),
    )
    .leftJoin('stream_actions as a', 'a.id', 't.action_id')
    .leftJoin('action_history as h', 'h.id', 't.last_id')
    .select(['t.action_id', 't.triggers', 't.coins', 'a.name', 'h.action_name'])
    .orderBy('t.triggers', 'desc')
    .orderBy('t.coins', 'desc')
    .orderBy('t.action_id')
    .execute();
  return rows.map((r) => ({
    actionId: r.action_id === null ? null : num(r.action_id),
    name: r.name ?? r.action_name ?? 'Removed action',
    triggers: num(r.triggers),
    coins: num(r.coins),
  }));
}

/** The five viewers who spent most coins on paid, not refunded triggers in the period. */
export async function overviewTopSupporters(
  db: Executor,
  p: OverviewPeriod,
  limit = 5,
): Promise<TOverviewTopSupporter[]> {
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('action_history')
        .select(['user_id', sql<number>`SUM(cost)`.as('coins'), sql<number>`COUNT(*)`.as('triggers')])
        .where('created_at', '>=', p.fromMs)
        .where('created_at', '<', p.toMs)
        .where('is_test', '=', 0)
        .where('refunded', '=', 0)
        .groupBy('user_id')
        .orderBy(sql`SUM(cost)`, 'desc')
        .orderBy('user_id')
        .limit(limit)
        .as('t'),
    )
    .innerJoin('users as u', 'u.id', 't.user_id')
    .select(['t.user_id', 't.coins', 't.triggers', 'u.username', 'u.display_name'])
    .orderBy('t.coins', 'desc')
    .orderBy('t.user_id')
    .execute();
  return rows.map((r) => ({
    userId: num(r.user_id),
    username: r.username,
    displayName: r.display_name,
    coins: num(r.coins),
    triggers: num(r.triggers),
  }));
}

/** Settled deliveries per endpoint; those of deleted endpoints (endpoint_id set null) as one group. */
export async function overviewEndpointRates(db: Executor, p: OverviewPeriod): Promise<TOverviewEndpointRate[]> {
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('deliveries')
        .select([
          'endpoint_id',
          sql<number>`SUM(CASE WHEN status = 'delivered' THEN 1 ELSE 0 END)`.as('delivered'),
          sql<number>`SUM(CASE WHEN status = 'failed' THEN 1 ELSE 0 END)`.as('failed'),
        ])
        .where('status', 'in', ['delivered', 'failed'])
        .where('created_at', '>=', p.fromMs)
        .where('created_at', '<', p.toMs)
        .groupBy('endpoint_id')
        .as('t'),
    )
    .leftJoin('webhook_endpoints as e', 'e.id', 't.endpoint_id')
    .select(['t.endpoint_id', 't.delivered', 't.failed', 'e.description', 'e.url'])
    .orderBy('t.endpoint_id')
    .execute();
  const rates = rows.map((r): TOverviewEndpointRate => {
    const delivered = num(r.delivered);
    const failed = num(r.failed);
    const removed = r.endpoint_id === null;
    return {
      endpointId: removed ? null : num(r.endpoint_id),
      description: removed ? REMOVED_ENDPOINT_LABEL : r.description || r.url || `Endpoint ${r.endpoint_id}`,
      delivered,
      failed,
      successRate: successRate(delivered, failed),
    };
  });
  // Known endpoints first (by id), the removed group last.
  return [...rates.filter((r) => r.endpointId !== null), ...rates.filter((r) => r.endpointId === null)];
}

/** Every figure of the streamer overview for the last `days` UTC days, today included. */
export async function streamerOverview(db: Executor, now: number, days: number): Promise<TOverview> {
  const p = overviewPeriod(now, days);
  const [coins, money, triggers, failed, topActions, topSupporters, endpoints] = await Promise.all([
    coinsSoldByDay(db, p),
    moneyByDay(db, p),
    triggersByDay(db, p),
    failedDeliveriesByDay(db, p),
    overviewTopActions(db, p),
    overviewTopSupporters(db, p),
    overviewEndpointRates(db, p),
  ]);
  const daily: TOverviewDay[] = [];
  for (let day = p.fromDay; day <= p.toDay; day++) {
    const history = triggers.get(day);
    daily.push({
      day: utcDayLabel(day),
      coinsSold: coins.get(day) ?? 0,
      moneyCents: money.get(day) ?? 0,
      triggers: history?.triggers ?? 0,
      refunds: history?.refunds ?? 0,
      failedDeliveries: failed.get(day) ?? 0,
    });
  }
  return {
    days,
    from: utcDayLabel(p.fromDay),
    to: utcDayLabel(p.toDay),
    daily,
    topActions,
    topSupporters,
    endpoints,
  };
}
