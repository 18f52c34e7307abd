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
import { MysqlAdapter, sql } from 'kysely';
import type { Executor } from '../executor';
import { isTransientLockError } from '../retry';

/**
 * The streamer overview, read from the per-day totals the database keeps beside the rows they count
 * (migration 2026_11_27_0014): a period of up to a year is a range of at most 366 day rows per figure
 * (times the actions, or the endpoints), whatever the number of ledger, history and delivery rows.
 * Days are UTC day numbers, bucketed as FLOOR(created_at / 86400000).
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

/** mysql2 answers SUM of BIGINT as decimal text; SQLite as numbers. */
const num = (value: unknown): number => Number(value ?? 0);

type DayValues = Map<number, number>;
const byDay = (rows: { day: unknown; value: unknown }[]): DayValues =>
  new Map(rows.map((r) => [num(r.day), num(r.value)]));

interface DayTotals {
  coinsSold: number;
  moneyCents: number;
  triggers: number;
  refunds: number;
}

/**
 * Coins sold ('purchase' ledger rows), money taken (credited payments, by order creation day),
 * triggers (tests excluded) and, of those, refunds: one row a day (its shards summed).
 */
async function totalsByDay(db: Executor, p: OverviewPeriod): Promise<Map<number, DayTotals>> {
  const rows = await db
    .selectFrom('daily_totals')
    .select([
      'day',
      sql<number>`SUM(coins_sold)`.as('coins_sold'),
      sql<number>`SUM(money_cents)`.as('money_cents'),
      sql<number>`SUM(triggers)`.as('triggers'),
      sql<number>`SUM(refunds)`.as('refunds'),
    ])
    .where('day', '>=', p.fromDay)
    .where('day', '<=', p.toDay)
    .groupBy('day')
    .execute();
  return new Map(
    rows.map((r) => [
      num(r.day),
      {
        coinsSold: num(r.coins_sold),
        moneyCents: num(r.money_cents),
        triggers: num(r.triggers),
        refunds: num(r.refunds),
      },
    ]),
  );
}

/** Deliveries that failed for good, by the day they were queued. */
async function failedDeliveriesByDay(db: Executor, p: OverviewPeriod): Promise<DayValues> {
  const rows = await db
    .selectFrom('daily_endpoint_totals')
    .select(['day', sql<number>`SUM(failed)`.as('value')])
    .where('day', '>=', p.fromDay)
    .where('day', '<=', p.toDay)
    .groupBy('day')
    .execute();
  return byDay(rows);
}

interface ActionTotal {
  /** 0 stands for history rows without an action (NULL in the history): it sorts first, as NULL did. */
  actionId: number;
  triggers: number;
  coins: number;
  /** No kept trigger of the action in the period is newer than this one. */
  lastId: number;
}

/** Ranked as the overview ranks actions: most kept triggers, then most coins, then the lower id. */
const byTriggers = (a: ActionTotal, b: ActionTotal) =>
  b.triggers - a.triggers || b.coins - a.coins || a.actionId - b.actionId;

/** The five actions triggered most (paid, not refunded), with the coins they took. */
export async function overviewTopActions(db: Executor, p: OverviewPeriod, limit = 5): Promise<TOverviewTopAction[]> {
  // One row per action, ranked here: MySQL's sort of its aggregates cost more than the rows did.
  const rows = await db
    .selectFrom('daily_action_totals')
    .select([
      'action_id',
      sql<number>`SUM(triggers)`.as('triggers'),
      sql<number>`SUM(coins)`.as('coins'),
      sql<number>`MAX(last_id)`.as('last_id'),
    ])
    .where('day', '>=', p.fromDay)
    .where('day', '<=', p.toDay)
    .groupBy('action_id')
    .execute();
  const top = rows
    .map((r) => ({
      actionId: num(r.action_id),
      triggers: num(r.triggers),
      coins: num(r.coins),
      lastId: num(r.last_id),
    }))
    .filter((a) => a.triggers > 0)
    .sort(byTriggers)
    .slice(0, limit);
  if (top.length === 0) return [];
  const actions = await db
    .selectFrom('stream_actions')
    .select(['id', 'name'])
    .where(
      'id',
      'in',
      top.map((a) => a.actionId),
    )
    .execute();
  const names = new Map(actions.map((a) => [a.id, a.name]));
  return Promise.all(
    top.map(async (a) => ({
      actionId: a.actionId === 0 ? null : a.actionId,
      name: names.get(a.actionId) ?? (await removedActionName(db, p, a)) ?? 'Removed action',
      triggers: a.triggers,
      coins: a.coins,
    })),
  );
}

/**
 * An action deleted since is named as it was at its latest kept trigger of the period. The newest
 * paid trigger the totals counted is that one unless it was refunded since; then each day's newest
 * is tried, newest first, and a day whose newest was refunded too has its history searched, until
 * no older day can hold a newer trigger.
 */
async function removedActionName(db: Executor, p: OverviewPeriod, action: ActionTotal): Promise<string | null> {
  const actionId = action.actionId === 0 ? null : action.actionId;
  const keptInPeriod = async (id: number, day: { from: number; to: number }) => {
    const row = await db
      .selectFrom('action_history')
      .select(['action_id', 'action_name', 'is_test', 'refunded', 'created_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    const created = num(row?.created_at);
    const kept =
      row?.action_id === actionId && row.is_test === 0 && row.refunded === 0 && created >= day.from && created < day.to;
    return kept ? row.action_name : null;
  };
  const newest = await keptInPeriod(action.lastId, { from: p.fromMs, to: p.toMs });
  if (newest !== null) return newest;
  const days = await db
    .selectFrom('daily_action_totals')
    .select(['day', sql<number>`MAX(last_id)`.as('last_id')])
    .where('action_id', '=', action.actionId)
    .where('day', '>=', p.fromDay)
    .where('day', '<=', p.toDay)
    .groupBy('day')
    .having(sql`SUM(triggers)`, '>', 0)
    .orderBy(sql`MAX(last_id)`, 'desc')
    .execute();
  let found = 0;
  for (const { day, last_id: lastId } of days) {
    if (num(lastId) <= found) break;
    const bounds = { from: num(day) * DAY_MS, to: (num(day) + 1) * DAY_MS };
    if ((await keptInPeriod(num(lastId), bounds)) !== null) {
      found = num(lastId);
      continue;
    }
    let query = db
      .selectFrom('action_history')
      .select(sql<number | null>`MAX(id)`.as('id'))
      .where('created_at', '>=', bounds.from)
      .where('created_at', '<', bounds.to)
      .where('is_test', '=', 0)
      .where('refunded', '=', 0);
    query = actionId === null ? query.where('action_id', 'is', null) : query.where('action_id', '=', actionId);
    found = Math.max(found, num((await query.executeTakeFirst())?.id));
  }
  if (found === 0) return null;
  const row = await db.selectFrom('action_history').select('action_name').where('id', '=', found).executeTakeFirst();
  return row?.action_name ?? null;
}

interface SupporterTotal {
  userId: number;
  coins: number;
  triggers: number;
}

/** Ranked as the overview ranks supporters: most coins first, then the lower user id. */
const bySpending = (a: SupporterTotal, b: SupporterTotal) => b.coins - a.coins || a.userId - b.userId;

/** Days whose biggest spenders are the first candidates: enough to find big spenders, few enough to be quick. */
const SAMPLED_DAYS = 16;

/**
 * The five viewers who spent most coins on paid, not refunded triggers in the period.
 *
 * Summing every viewer's days over a year would read one row per viewer and active day. Instead:
 * 1. the biggest spenders of a sample of the period's days are candidates (of every day, if the
 *    sample had too few); their period totals give the fifth best, L;
 * 2. whoever reaches L over N days spent at least L / N on one of them, so the only other
 *    candidates are the day rows of at least that much: an index range per day;
 * 3. the candidates' period totals, ranked, are the answer: exact, ties broken as the overview does.
 */
export async function overviewTopSupporters(
  db: Executor,
  p: OverviewPeriod,
  limit = 5,
): Promise<TOverviewTopSupporter[]> {
  const totals = new Map<number, SupporterTotal>();
  const addTotals = async (userIds: number[]) => {
    const fresh = [...new Set(userIds)].filter((id) => !totals.has(id));
    for (const t of await supporterTotals(db, p, fresh)) totals.set(t.userId, t);
  };
  const days = p.toDay - p.fromDay + 1;
  const kth = () => [...totals.values()].sort(bySpending)[limit - 1];
  await addTotals(await topSpendersOfDays(db, p, limit, SAMPLED_DAYS));
  // Too few on the sampled days: every day's top spenders, which are all the period's spenders
  // unless some day had `limit` of them.
  if (!kth() && days > SAMPLED_DAYS) await addTotals(await topSpendersOfDays(db, p, limit, days));
  const fifth = kth();
  if (fifth) await addTotals(await spendersOfAtLeast(db, p, Math.ceil(fifth.coins / days)));
  const top = [...totals.values()].sort(bySpending).slice(0, limit);
  if (top.length === 0) return [];
  const users = await db
    .selectFrom('users')
    .select(['id', 'username', 'display_name'])
    .where(
      'id',
      'in',
      top.map((t) => t.userId),
    )
    .execute();
  const byId = new Map(users.map((u) => [u.id, u]));
  return top.flatMap((t) => {
    const user = byId.get(t.userId);
    return user
      ? [
          {
            userId: t.userId,
            username: user.username,
            displayName: user.display_name,
            coins: t.coins,
            triggers: t.triggers,
          },
        ]
      : [];
  });
}

/** Every day of the period, newest first. */
const periodDays = (p: OverviewPeriod): number[] =>
  Array.from({ length: p.toDay - p.fromDay + 1 }, (_, i) => p.toDay - i);

/** The `limit` biggest spenders of each of `sample` days of the period: today, and evenly spread back. */
async function topSpendersOfDays(db: Executor, p: OverviewPeriod, limit: number, sample: number): Promise<number[]> {
  const days = periodDays(p);
  const stride = Math.ceil(days.length / sample);
  const sampled = days.filter((_, i) => i % stride === 0);
  // Each day its own subquery: an ORDER BY ... LIMIT per member is not portable otherwise.
  const { rows } = await sql<{ user_id: number }>`${sql.join(
    sampled.map(
      (day) => sql`SELECT user_id FROM (SELECT user_id FROM daily_supporter_totals WHERE day = ${day}
        AND triggers > 0 ORDER BY coins DESC LIMIT ${sql.lit(limit)}) AS d${sql.lit(day)}`,
    ),
    sql` UNION ALL `,
  )}`.execute(db);
  return rows.map((r) => num(r.user_id));
}

/**
 * Who spent at least `coins` on some day of the period. The days are listed, not a range, so that
 * both dialects seek (day, coins) once per day instead of reading every row of the period.
 */
async function spendersOfAtLeast(db: Executor, p: OverviewPeriod, coins: number): Promise<number[]> {
  const rows = await db
    .selectFrom('daily_supporter_totals')
    .select('user_id')
    .distinct()
    .where('day', 'in', periodDays(p))
    .where('coins', '>=', coins)
    .where('triggers', '>', 0)
    .execute();
  return rows.map((r) => num(r.user_id));
}

/** Bound parameters per statement stay far below SQLite's limit (32766), however many candidates. */
const IDS_PER_QUERY = 1000;

async function supporterTotals(db: Executor, p: OverviewPeriod, userIds: number[]): Promise<SupporterTotal[]> {
  const found: SupporterTotal[] = [];
  for (let start = 0; start < userIds.length; start += IDS_PER_QUERY) {
    found.push(...(await supporterTotalsOf(db, p, userIds.slice(start, start + IDS_PER_QUERY))));
  }
  return found;
}

async function supporterTotalsOf(db: Executor, p: OverviewPeriod, userIds: number[]): Promise<SupporterTotal[]> {
  const rows = await db
    .selectFrom('daily_supporter_totals')
    .select(['user_id', sql<number>`SUM(coins)`.as('coins'), sql<number>`SUM(triggers)`.as('triggers')])
    .where('user_id', 'in', userIds)
    .where('day', '>=', p.fromDay)
    .where('day', '<=', p.toDay)
    .groupBy('user_id')
    .having(sql`SUM(triggers)`, '>', 0)
    .execute();
  return rows.map((r) => ({ userId: num(r.user_id), coins: num(r.coins), triggers: num(r.triggers) }));
}

/**
 * Settled deliveries per endpoint; those of deleted endpoints as one group. A deleted endpoint's
 * totals may stay under its id (MySQL runs no trigger for the foreign key's SET NULL) or have moved
 * to 0 (SQLite does): either way it is no longer in webhook_endpoints, and that is what counts.
 */
export async function overviewEndpointRates(db: Executor, p: OverviewPeriod): Promise<TOverviewEndpointRate[]> {
  const rows = await db
    .selectFrom((eb) =>
      eb
        .selectFrom('daily_endpoint_totals')
        .select(['endpoint_id', sql<number>`SUM(delivered)`.as('delivered'), sql<number>`SUM(failed)`.as('failed')])
        .where('day', '>=', p.fromDay)
        .where('day', '<=', p.toDay)
        .groupBy('endpoint_id')
        .as('t'),
    )
    .leftJoin('webhook_endpoints as e', 'e.id', 't.endpoint_id')
    .select(['t.endpoint_id', 't.delivered', 't.failed', 'e.id', 'e.description', 'e.url'])
    .orderBy('t.endpoint_id')
    .execute();
  const rates: TOverviewEndpointRate[] = [];
  const removed = { delivered: 0, failed: 0 };
  for (const r of rows) {
    const delivered = num(r.delivered);
    const failed = num(r.failed);
    if (r.id === null) {
      removed.delivered += delivered;
      removed.failed += failed;
    } else if (delivered + failed > 0) {
      rates.push({
        endpointId: num(r.id),
        description: r.description || r.url || `Endpoint ${r.id}`,
        delivered,
        failed,
        successRate: successRate(delivered, failed),
      });
    }
  }
  // Known endpoints first (by id), the removed group last.
  if (removed.delivered + removed.failed > 0) {
    rates.push({
      endpointId: null,
      description: REMOVED_ENDPOINT_LABEL,
      ...removed,
      successRate: successRate(removed.delivered, removed.failed),
    });
  }
  return rates;
}

/** A table whose day rows (per action, per endpoint) are spread over shards, so concurrent writers do not queue. */
interface Sharded {
  table: string;
  /** Its key besides the day and the shard. */
  keys: string[];
  sums: string[];
  /** The column that keeps a largest value rather than a sum. */
  newest?: string;
}

const SHARDED: Sharded[] = [
  { table: 'daily_totals', keys: [], sums: ['coins_sold', 'money_cents', 'triggers', 'refunds'] },
  { table: 'daily_action_totals', keys: ['action_id'], sums: ['triggers', 'coins'], newest: 'last_id' },
  { table: 'daily_endpoint_totals', keys: ['endpoint_id'], sums: ['delivered', 'failed'] },
];

/**
 * Folds the shards of the days before `beforeDay` into shard 0, so a year of an action's totals is
 * one row a day however many shards its busiest hours used. Only the overview reads these tables,
 * so it does this before it reads: a write the size of a day's shards, once a day (and after the
 * odd late refund of an older day). The figures are the same folded or not; a fold that loses a
 * lock race to another (MySQL) is left to the next overview.
 */
export async function foldDailyShards(db: Executor, beforeDay: number): Promise<void> {
  const pending = await Promise.all(
    SHARDED.map(({ table }) =>
      sql`SELECT 1 AS pending FROM ${sql.table(table)} WHERE shard > 0 AND day < ${beforeDay} LIMIT 1`.execute(db),
    ),
  );
  if (pending.every((r) => r.rows.length === 0)) return;
  const mysql = db.getExecutor().adapter instanceof MysqlAdapter;
  const fold = async (tx: Executor) => {
    for (const { table, keys, sums, newest } of SHARDED) {
      const grouped = ['day', ...keys].join(', ');
      const columns = [...sums, ...(newest ? [newest] : [])];
      const totals = [...sums.map((c) => `SUM(${c})`), ...(newest ? [`MAX(${newest})`] : [])];
      const merged = mysql
        ? [
            ...sums.map((c) => `${c} = ${c} + VALUES(${c})`),
            ...(newest ? [`${newest} = GREATEST(${newest}, VALUES(${newest}))`] : []),
          ]
        : [
            ...sums.map((c) => `${c} = ${c} + excluded.${c}`),
            ...(newest ? [`${newest} = MAX(${newest}, excluded.${newest})`] : []),
          ];
      const conflict = mysql ? 'ON DUPLICATE KEY UPDATE' : `ON CONFLICT (${grouped}, shard) DO UPDATE SET`;
      await sql`INSERT INTO ${sql.table(table)} (${sql.raw(grouped)}, shard, ${sql.raw(columns.join(', '))})
        SELECT ${sql.raw(grouped)}, 0, ${sql.raw(totals.join(', '))} FROM ${sql.table(table)}
        WHERE shard > 0 AND day < ${beforeDay} GROUP BY ${sql.raw(grouped)}
        ${sql.raw(conflict)} ${sql.raw(merged.join(', '))}`.execute(tx);
      await sql`DELETE FROM ${sql.table(table)} WHERE shard > 0 AND day < ${beforeDay}`.execute(tx);
    }
  };
  try {
    await (db.isTransaction ? fold(db) : db.transaction().execute(fold));
  } catch (error) {
    if (!isTransientLockError(error)) throw error;
  }
}

/** Every figure of the streamer overview for the last `days` UTC days, today included. */
export async function streamerOverview(db: Executor, now: number, days: number): Promise<TOverview> {
  const p = overviewPeriod(now, days);
  await foldDailyShards(db, p.toDay);
  const [totals, failed, topActions, topSupporters, endpoints] = await Promise.all([
    totalsByDay(db, p),
    failedDeliveriesByDay(db, p),
    overviewTopActions(db, p),
    overviewTopSupporters(db, p),
    overviewEndpointRates(db, p),
  ]);
  const daily: TOverviewDay[] = [];
  for (let day = p.fromDay; day <= p.toDay; day++) {
    const t = totals.get(day);
    daily.push({
      day: utcDayLabel(day),
      coinsSold: t?.coinsSold ?? 0,
      moneyCents: t?.moneyCents ?? 0,
      triggers: t?.triggers ?? 0,
      refunds: t?.refunds ?? 0,
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
