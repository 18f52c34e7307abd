import { DAY_MS } from '@shop/domain';
import { sql } from 'kysely';
import type { Db } from '../connect';

/** One total that differs from the recount of the rows it counts. */
export interface DailyTotalsDrift {
  table: string;
  key: string;
  kept: object;
  recounted: object;
}

/** The overview's own bucketing, as it read the base tables before the totals existed. */
const day = sql<number>`FLOOR(created_at / ${sql.lit(DAY_MS)})`;
const num = (value: unknown): number => Number(value ?? 0);

interface DayTotals {
  coins_sold: number;
  money_cents: number;
  triggers: number;
  refunds: number;
}
interface ActionTotals {
  triggers: number;
  coins: number;
  last_id: number;
}
interface SupporterTotals {
  triggers: number;
  coins: number;
}
interface EndpointTotals {
  delivered: number;
  failed: number;
}
interface AllTotals {
  daily_totals: Map<string, DayTotals>;
  daily_action_totals: Map<string, ActionTotals>;
  daily_supporter_totals: Map<string, SupporterTotals>;
  daily_endpoint_totals: Map<string, EndpointTotals>;
}

const entry = <T>(map: Map<string, T>, key: string, empty: () => T): T => {
  const found = map.get(key);
  if (found) return found;
  const fresh = empty();
  map.set(key, fresh);
  return fresh;
};
const noDay = (): DayTotals => ({ coins_sold: 0, money_cents: 0, triggers: 0, refunds: 0 });
const noAction = (): ActionTotals => ({ triggers: 0, coins: 0, last_id: 0 });
const noSupporter = (): SupporterTotals => ({ triggers: 0, coins: 0 });
const noEndpoint = (): EndpointTotals => ({ delivered: 0, failed: 0 });

/** Recounts every per-day total straight from the ledger, payments, history and deliveries. */
async function recount(db: Db): Promise<AllTotals> {
  const k = db.kysely;
  const days = new Map<string, DayTotals>();
  const purchases = await k
    .selectFrom('transactions')
    .select([day.as('day'), sql<number>`SUM(amount)`.as('coins')])
    .where('type', '=', 'purchase')
    .groupBy(day)
    .execute();
  for (const r of purchases) entry(days, String(num(r.day)), noDay).coins_sold = num(r.coins);
  const payments = await k
    .selectFrom('payments')
    .select([day.as('day'), sql<number>`SUM(amount_cents)`.as('cents')])
    .where('status', '=', 'credited')
    .groupBy(day)
    .execute();
  for (const r of payments) entry(days, String(num(r.day)), noDay).money_cents = num(r.cents);

  const actions = new Map<string, ActionTotals>();
  const supporters = new Map<string, SupporterTotals>();
  const history = await k
    .selectFrom('action_history')
    .select(['id', 'user_id', 'action_id', 'cost', 'refunded', day.as('day')])
    .where('is_test', '=', 0)
    .execute();
  for (const h of history) {
    const totals = entry(days, String(num(h.day)), noDay);
    totals.triggers += 1;
    totals.refunds += h.refunded === 1 ? 1 : 0;
    const action = entry(actions, `${num(h.day)}/${h.action_id ?? 0}`, noAction);
    action.last_id = Math.max(action.last_id, h.id);
    if (h.refunded !== 0) continue;
    action.triggers += 1;
    action.coins += h.cost;
    const supporter = entry(supporters, `${h.user_id}/${num(h.day)}`, noSupporter);
    supporter.triggers += 1;
    supporter.coins += h.cost;
  }

  const endpoints = new Map<string, EndpointTotals>();
  const deliveries = await k
    .selectFrom('deliveries')
    .leftJoin('webhook_endpoints', 'webhook_endpoints.id', 'deliveries.endpoint_id')
    .select([
      sql<number>`FLOOR(deliveries.created_at / ${sql.lit(DAY_MS)})`.as('day'),
      'webhook_endpoints.id as endpoint_id',
      'deliveries.status',
    ])
    .where('deliveries.status', 'in', ['delivered', 'failed'])
    .execute();
  for (const d of deliveries) {
    const row = entry(endpoints, `${num(d.day)}/${d.endpoint_id ?? 0}`, noEndpoint);
    row.delivered += d.status === 'delivered' ? 1 : 0;
    row.failed += d.status === 'failed' ? 1 : 0;
  }
  return {
    daily_totals: days,
    daily_action_totals: actions,
    daily_supporter_totals: supporters,
    daily_endpoint_totals: endpoints,
  };
}

/** The totals as the database keeps them, keyed like the recount: a day's shards are one total. */
async function kept(db: Db): Promise<AllTotals> {
  const k = db.kysely;
  const days = new Map<string, DayTotals>();
  for (const r of await k.selectFrom('daily_totals').selectAll().execute()) {
    const row = entry(days, String(r.day), noDay);
    row.coins_sold += num(r.coins_sold);
    row.money_cents += num(r.money_cents);
    row.triggers += num(r.triggers);
    row.refunds += num(r.refunds);
  }
  const actions = new Map<string, ActionTotals>();
  for (const r of await k.selectFrom('daily_action_totals').selectAll().execute()) {
    const row = entry(actions, `${r.day}/${r.action_id}`, noAction);
    row.triggers += num(r.triggers);
    row.coins += num(r.coins);
    row.last_id = Math.max(row.last_id, num(r.last_id));
  }
  const supporters = new Map<string, SupporterTotals>();
  for (const r of await k.selectFrom('daily_supporter_totals').selectAll().execute()) {
    const row = entry(supporters, `${r.user_id}/${r.day}`, noSupporter);
    row.triggers += num(r.triggers);
    row.coins += num(r.coins);
  }
  // A deleted endpoint's totals stay under its id on MySQL (no trigger runs for a foreign key's SET
  // NULL) and move to 0 on SQLite: both are the overview's one 'removed' group.
  const endpoints = new Map<string, EndpointTotals>();
  const endpointRows = await k
    .selectFrom('daily_endpoint_totals as t')
    .leftJoin('webhook_endpoints as e', 'e.id', 't.endpoint_id')
    .select(['t.day', 'e.id', 't.delivered', 't.failed'])
    .execute();
  for (const r of endpointRows) {
    const row = entry(endpoints, `${r.day}/${r.id ?? 0}`, noEndpoint);
    row.delivered += num(r.delivered);
    row.failed += num(r.failed);
  }
  return {
    daily_totals: days,
    daily_action_totals: actions,
    daily_supporter_totals: supporters,
    daily_endpoint_totals: endpoints,
  };
}

/** A row of nothing but zeros is what a recount finds no rows for (the last id is only a bound then). */
const isEmpty = (values: object) =>
  Object.entries(values).every(([column, value]) => value === 0 || column === 'last_id');

/**
 * Every per-day total that differs from a recount of the base rows, for every day, key and figure.
 * An empty list means the overview reads the same figures its queries over the base tables gave.
 */
export async function findDailyTotalsDrift(db: Db): Promise<DailyTotalsDrift[]> {
  const [expected, actual] = await Promise.all([recount(db), kept(db)]);
  const drift: DailyTotalsDrift[] = [];
  const tables = Object.keys(expected) as (keyof AllTotals)[];
  for (const table of tables) {
    const recounted: Map<string, object> = expected[table];
    const keptRows: Map<string, object> = actual[table];
    for (const key of new Set([...recounted.keys(), ...keptRows.keys()])) {
      const want = recounted.get(key);
      const have = keptRows.get(key);
      if (!want && have && isEmpty(have)) continue;
      if (JSON.stringify(want ?? {}) !== JSON.stringify(have ?? {})) {
        drift.push({ table, key, kept: have ?? {}, recounted: want ?? {} });
      }
    }
  }
  return drift;
}

/** Throws with the differences when any per-day total differs from the recount of its rows. */
export async function assertDailyTotalsMatchRecount(db: Db): Promise<void> {
  const drift = await findDailyTotalsDrift(db);
  if (drift.length > 0) throw new Error(`daily totals drifted from the ledger: ${JSON.stringify(drift.slice(0, 20))}`);
}
