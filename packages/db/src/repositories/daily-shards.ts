import { sql, type Transaction } from 'kysely';
import { dialectOf } from '../dialect-of';
import type { Executor } from '../executor';
import type { Database } from '../schema';

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
 * Whether days before `beforeDay` still have shards to fold into shard 0 (foldDailyShards), so that a
 * year of an action's totals is one row a day however many shards its busiest hours used. Only the
 * overview reads these tables, so its reader folds before it reads: a write the size of a day's
 * shards, once a day (and after the odd late refund of an older day). The figures are the same
 * folded or not.
 */
export async function hasUnfoldedShards(db: Executor, beforeDay: number): Promise<boolean> {
  const pending = await Promise.all(
    SHARDED.map(({ table }) =>
      sql`SELECT 1 AS pending FROM ${sql.table(table)} WHERE shard > 0 AND day < ${beforeDay} LIMIT 1`.execute(db),
    ),
  );
  return pending.some((r) => r.rows.length > 0);
}

/** See hasUnfoldedShards. The caller's transaction keeps a fold's insert and delete together. */
export async function foldDailyShards(tx: Transaction<Database>, beforeDay: number): Promise<void> {
  const mysql = dialectOf(tx) === 'mysql';
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
}
