import {
  DAY_MS,
  endpointRates,
  type TOverview,
  type TOverviewDay,
  type TOverviewEndpointRate,
  type TOverviewTopAction,
  utcDayLabel,
} from '@shop/domain';
import { sql } from 'kysely';
import type { Executor } from '../executor';
import { asNumber as num, type OverviewPeriod, overviewPeriod } from './overview-period';
import { overviewTopSupporters } from './overview-supporters';

export { foldDailyShards, hasUnfoldedShards } from './daily-shards';
export { type OverviewPeriod, overviewPeriod } from './overview-period';
export { overviewTopSupporters } from './overview-supporters';

/**
 * The streamer overview, read from the per-day totals the database keeps beside the rows they count
 * (migration 2026_11_27_0014): a period of up to a year is a range of at most 366 day rows per figure
 * (times the actions, or the endpoints), whatever the number of ledger, history and delivery rows.
 * Days are UTC day numbers, bucketed as FLOOR(created_at / 86400000).
 */

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
    .execute();
  return endpointRates(
    rows.map((r) => ({
      endpointId: num(r.endpoint_id),
      delivered: num(r.delivered),
      failed: num(r.failed),
      endpoint: r.id === null ? null : { description: r.description, url: r.url },
    })),
  );
}

/** Every figure of the streamer overview for the last `days` UTC days, today included. */
export async function streamerOverview(db: Executor, now: number, days: number): Promise<TOverview> {
  const p = overviewPeriod(now, days);
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
