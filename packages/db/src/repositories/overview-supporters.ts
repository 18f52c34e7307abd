import type { TOverviewTopSupporter } from '@shop/domain';
import { sql } from 'kysely';
import type { Executor } from '../executor';
import { asNumber as num, type OverviewPeriod } from './overview-period';

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
