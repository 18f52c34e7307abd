import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect-of';

/**
 * Per-day totals for the streamer overview, so a period of up to a year reads a day row per figure
 * (per action or endpoint for their lists) instead of every ledger, payment, history and delivery
 * row in it:
 * - daily_totals: coins sold ('purchase' ledger rows), money taken (credited payments, by the day
 *   the order was created), paid triggers (tests left out) and the refunded ones among them;
 * - daily_action_totals: per action, kept (paid, not refunded) triggers and their coins, and the
 *   newest paid trigger's id, refunded or not (where the name of an action deleted since is looked
 *   up);
 * - daily_supporter_totals: per viewer, kept triggers and their coins (the top supporters);
 * - daily_endpoint_totals: per endpoint, settled deliveries by outcome, by the day they were queued
 *   (endpoint 0 for those whose endpoint_id is NULL: the endpoint was deleted).
 *
 * Database triggers keep them, inside the statement that writes the counted row and so inside its
 * transaction: a rollback or a crash takes the totals back with the row, and every writer counts,
 * the repositories, a migration, an admin's SQL or a test's fixture alike. Each trigger subtracts
 * what the old row counted for and adds what the new row counts for, so any change of a counted
 * column (a refund, a delivery's outcome, a payment's reversal) moves the totals exactly. One gap:
 * MySQL runs no trigger for a foreign key's own action. Deleting a user (the shop never does) would
 * leave their rows counted there; a deleted endpoint's deliveries keep its id there (SQLite moves
 * them to 0), and the overview counts any endpoint id no longer in webhook_endpoints as removed.
 *
 * Days are UTC day numbers, bucketed as the overview always bucketed them: created_at / 86400000,
 * integer division on SQLite and FLOOR of the decimal quotient on MySQL.
 *
 * MySQL refuses CREATE TRIGGER to an account without SUPER while binary logging is on (the default
 * since 8.0), unless log_bin_trust_function_creators is set, which is safe with row-based logging
 * (the default format since 5.7). Neither dialect runs a migration in one transaction, so every
 * step here may be run again after a failure: the tables made if missing, the triggers replaced,
 * the recount redone.
 */

type Dialect = 'sqlite' | 'mysql';
/** Which version of the row a trigger reads. */
type Version = 'NEW' | 'OLD';
type Expression = (row: Version) => string;

interface Rollup {
  /** The base table whose rows are counted. */
  source: string;
  /** Its columns that decide what a row counts for: an update of any other column changes nothing here. */
  watched: string[];
  /** Whether a row counts at all. */
  counts: Expression;
  target: string;
  keys: Record<string, Expression>;
  sums: Record<string, Expression>;
  /** A column keeping the largest value ever added (never lowered: an upper bound once rows leave). */
  newest?: { column: string; value: Expression };
}

const DAY_MS = 86_400_000;
/**
 * Rows of one day (of an action, an endpoint) that concurrent writers spread over. With a single row,
 * every trigger of a popular action waited on the one before it to commit (on MySQL; SQLite has one
 * writer anyway). The overview sums the shards, and folds those of past days into shard 0.
 */
const SHARDS = 16;
const ER_BINLOG_CREATE_ROUTINE_NEED_SUPER = 1419;

function rollups(dialect: Dialect): Rollup[] {
  const day: Expression = (r) =>
    dialect === 'mysql' ? `FLOOR(${r}.created_at / ${DAY_MS})` : `(${r}.created_at / ${DAY_MS})`;
  const oneIf = (condition: string) => `CASE WHEN ${condition} THEN 1 ELSE 0 END`;
  // Consecutive ids take turns: concurrent writers of one action or endpoint mostly meet no lock.
  const shard: Expression = (r) => `(${r}.id % ${SHARDS})`;
  const kept = (r: Version) => `${r}.is_test = 0 AND ${r}.refunded = 0`;
  return [
    {
      source: 'transactions',
      watched: ['type', 'amount', 'created_at'],
      counts: (r) => `${r}.type = 'purchase'`,
      target: 'daily_totals',
      keys: { day, shard },
      sums: { coins_sold: (r) => `${r}.amount` },
    },
    {
      source: 'payments',
      watched: ['status', 'amount_cents', 'created_at'],
      counts: (r) => `${r}.status = 'credited'`,
      target: 'daily_totals',
      keys: { day, shard },
      sums: { money_cents: (r) => `${r}.amount_cents` },
    },
    {
      source: 'action_history',
      watched: ['is_test', 'refunded', 'created_at'],
      counts: (r) => `${r}.is_test = 0`,
      target: 'daily_totals',
      keys: { day, shard },
      sums: { triggers: () => '1', refunds: (r) => oneIf(`${r}.refunded = 1`) },
    },
    {
      source: 'action_history',
      watched: ['is_test', 'refunded', 'cost', 'action_id', 'created_at'],
      // Refunded ones count for the newest id only: a refund then never lowers it.
      counts: (r) => `${r}.is_test = 0`,
      target: 'daily_action_totals',
      keys: { day, action_id: (r) => `COALESCE(${r}.action_id, 0)`, shard },
      sums: {
        triggers: (r) => oneIf(`${r}.refunded = 0`),
        coins: (r) => `CASE WHEN ${r}.refunded = 0 THEN ${r}.cost ELSE 0 END`,
      },
      newest: { column: 'last_id', value: (r) => `${r}.id` },
    },
    {
      source: 'action_history',
      watched: ['is_test', 'refunded', 'cost', 'user_id', 'created_at'],
      counts: kept,
      target: 'daily_supporter_totals',
      keys: { user_id: (r) => `${r}.user_id`, day },
      sums: { triggers: () => '1', coins: (r) => `${r}.cost` },
    },
    {
      source: 'deliveries',
      watched: ['status', 'endpoint_id', 'created_at'],
      counts: (r) => `${r}.status IN ('delivered', 'failed')`,
      target: 'daily_endpoint_totals',
      keys: { day, endpoint_id: (r) => `COALESCE(${r}.endpoint_id, 0)`, shard },
      sums: {
        delivered: (r) => oneIf(`${r}.status = 'delivered'`),
        failed: (r) => oneIf(`${r}.status = 'failed'`),
      },
    },
  ];
}

/**
 * Adds what `row` counts for (sign 1) or takes it back (sign -1): one upsert either way, so a take-back
 * finds its row even after the overview folded that shard away.
 */
function upsert(dialect: Dialect, rollup: Rollup, row: Version, sign: 1 | -1, guard: string): string {
  const keys = Object.keys(rollup.keys);
  const sums = Object.entries(rollup.sums);
  const signed = (expression: string) => (sign === 1 ? expression : `-(${expression})`);
  // Only an add can make a row the newest; a take-back leaves the bound as it is.
  const newest = rollup.newest && { column: rollup.newest.column, value: sign === 1 ? rollup.newest.value(row) : '0' };
  const columns = [...keys, ...sums.map(([column]) => column), ...(newest ? [newest.column] : [])];
  const values = [
    ...Object.values(rollup.keys).map((key) => key(row)),
    ...sums.map(([, sum]) => signed(sum(row))),
    ...(newest ? [newest.value] : []),
  ];
  const keep = newest && sign === 1;
  if (dialect === 'mysql') {
    const updates = [
      ...sums.map(([column, sum]) => `${column} = ${column} + ${signed(sum(row))}`),
      ...(keep ? [`${newest.column} = GREATEST(${newest.column}, ${newest.value})`] : []),
    ];
    return `IF ${guard} THEN INSERT INTO ${rollup.target} (${columns.join(', ')}) VALUES (${values.join(', ')}) ON DUPLICATE KEY UPDATE ${updates.join(', ')}; END IF;`;
  }
  const updates = [
    ...sums.map(([column]) => `${column} = ${column} + excluded.${column}`),
    ...(keep ? [`${newest.column} = MAX(${newest.column}, excluded.${newest.column})`] : []),
  ];
  // The WHERE also settles SQLite's parsing ambiguity of an upsert on INSERT ... SELECT.
  return `INSERT INTO ${rollup.target} (${columns.join(', ')}) SELECT ${values.join(', ')} WHERE ${guard} ON CONFLICT (${keys.join(', ')}) DO UPDATE SET ${updates.join(', ')};`;
}

function changed(dialect: Dialect, columns: string[]): string {
  const one = (c: string) => (dialect === 'mysql' ? `NOT (OLD.${c} <=> NEW.${c})` : `OLD.${c} IS NOT NEW.${c}`);
  return `(${columns.map(one).join(' OR ')})`;
}

const any = (conditions: string[]) => `(${conditions.map((c) => `(${c})`).join(' OR ')})`;

function triggerStatements(dialect: Dialect): string[] {
  const all = rollups(dialect);
  const sources = [...new Set(all.map((r) => r.source))];
  const statements: string[] = [];
  for (const source of sources) {
    const mine = all.filter((r) => r.source === source);
    const watched = [...new Set(mine.flatMap((r) => r.watched))];
    const events = [
      {
        event: 'INSERT',
        name: 'insert',
        when: any(mine.map((r) => r.counts('NEW'))),
        body: mine.map((r) => upsert(dialect, r, 'NEW', 1, r.counts('NEW'))),
      },
      {
        event: dialect === 'mysql' ? 'UPDATE' : `UPDATE OF ${watched.join(', ')}`,
        name: 'update',
        when: `${changed(dialect, watched)} AND ${any(mine.flatMap((r) => [r.counts('OLD'), r.counts('NEW')]))}`,
        body: mine.flatMap((r) => {
          const moved = changed(dialect, r.watched);
          return [
            upsert(dialect, r, 'OLD', -1, `${moved} AND ${r.counts('OLD')}`),
            upsert(dialect, r, 'NEW', 1, `${moved} AND ${r.counts('NEW')}`),
          ];
        }),
      },
      {
        event: 'DELETE',
        name: 'delete',
        when: any(mine.map((r) => r.counts('OLD'))),
        body: mine.map((r) => upsert(dialect, r, 'OLD', -1, r.counts('OLD'))),
      },
    ];
    for (const { event, name, when, body } of events) {
      const trigger = `${source}_daily_totals_${name}`;
      statements.push(
        dialect === 'mysql'
          ? `CREATE TRIGGER ${trigger} AFTER ${event} ON ${source} FOR EACH ROW BEGIN IF ${when} THEN ${body.join(' ')} END IF; END`
          : `CREATE TRIGGER ${trigger} AFTER ${event} ON ${source} WHEN ${when} BEGIN ${body.join(' ')} END`,
      );
    }
  }
  return statements;
}

function triggerNames(): string[] {
  const sources = [...new Set(rollups('sqlite').map((r) => r.source))];
  return sources.flatMap((source) => ['insert', 'update', 'delete'].map((name) => `${source}_daily_totals_${name}`));
}

/**
 * The totals of the rows already there, recounted into shard 0 (after emptying the tables, in one
 * transaction, once the triggers exist): a row another process writes meanwhile is either in the
 * recount, its trigger's shard emptied with the rest, or waits for the recount to commit (InnoDB
 * locks what the DELETE and the INSERT ... SELECT read) and is then added on top. Run again, it
 * gives the same totals.
 */
function backfillStatements(dialect: Dialect): string[] {
  const day = dialect === 'mysql' ? `FLOOR(created_at / ${DAY_MS})` : `(created_at / ${DAY_MS})`;
  const upsert = (target: string, keys: string[], columns: string[], select: string) => {
    const all = [...keys, ...columns];
    const set =
      dialect === 'mysql' ? columns.map((c) => `${c} = VALUES(${c})`) : columns.map((c) => `${c} = excluded.${c}`);
    const conflict = dialect === 'mysql' ? 'ON DUPLICATE KEY UPDATE' : `ON CONFLICT (${keys.join(', ')}) DO UPDATE SET`;
    return `INSERT INTO ${target} (${all.join(', ')}) ${select} ${conflict} ${set.join(', ')}`;
  };
  const keptOnly = 'is_test = 0 AND refunded = 0';
  const tables = ['daily_totals', 'daily_action_totals', 'daily_supporter_totals', 'daily_endpoint_totals'];
  return [
    ...tables.map((table) => `DELETE FROM ${table}`),
    upsert(
      'daily_totals',
      ['day', 'shard'],
      ['coins_sold'],
      `SELECT ${day}, 0, SUM(amount) FROM transactions WHERE type = 'purchase' GROUP BY ${day}`,
    ),
    upsert(
      'daily_totals',
      ['day', 'shard'],
      ['money_cents'],
      `SELECT ${day}, 0, SUM(amount_cents) FROM payments WHERE status = 'credited' GROUP BY ${day}`,
    ),
    upsert(
      'daily_totals',
      ['day', 'shard'],
      ['triggers', 'refunds'],
      `SELECT ${day}, 0, COUNT(*), SUM(CASE WHEN refunded = 1 THEN 1 ELSE 0 END)
        FROM action_history WHERE is_test = 0 GROUP BY ${day}`,
    ),
    upsert(
      'daily_action_totals',
      ['day', 'action_id', 'shard'],
      ['triggers', 'coins', 'last_id'],
      `SELECT ${day}, COALESCE(action_id, 0), 0, SUM(CASE WHEN refunded = 0 THEN 1 ELSE 0 END),
        SUM(CASE WHEN refunded = 0 THEN cost ELSE 0 END), MAX(id)
        FROM action_history WHERE is_test = 0 GROUP BY ${day}, COALESCE(action_id, 0)`,
    ),
    upsert(
      'daily_supporter_totals',
      ['user_id', 'day'],
      ['triggers', 'coins'],
      `SELECT user_id, ${day}, COUNT(*), SUM(cost) FROM action_history WHERE ${keptOnly} GROUP BY user_id, ${day}`,
    ),
    upsert(
      'daily_endpoint_totals',
      ['day', 'endpoint_id', 'shard'],
      ['delivered', 'failed'],
      `SELECT ${day}, COALESCE(endpoint_id, 0), 0,
        SUM(CASE WHEN status = 'delivered' THEN 1 ELSE 0 END), SUM(CASE WHEN status = 'failed' THEN 1 ELSE 0 END)
        FROM deliveries WHERE status IN ('delivered', 'failed') GROUP BY ${day}, COALESCE(endpoint_id, 0)`,
    ),
  ];
}

/** MySQL has no CREATE INDEX IF NOT EXISTS: it is asked whether the index is there. */
async function createIndex(
  // biome-ignore lint/suspicious/noExplicitAny: see up()
  db: Kysely<any>,
  dialect: Dialect,
  table: string,
  name: string,
  columns: string[],
): Promise<void> {
  const index = db.schema.createIndex(name).on(table);
  if (dialect === 'sqlite') {
    await index.ifNotExists().columns(columns).execute();
    return;
  }
  const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM information_schema.statistics
    WHERE table_schema = DATABASE() AND table_name = ${table} AND index_name = ${name}`.execute(db);
  if (Number(rows[0]?.n ?? 0) === 0) await index.columns(columns).execute();
}

// biome-ignore lint/suspicious/noExplicitAny: migrations must not depend on today's Database type
export async function up(db: Kysely<any>): Promise<void> {
  const dialect: Dialect = dialectOf(db) === 'mysql' ? 'mysql' : 'sqlite';
  // Clustered on the key on both dialects (InnoDB always is): every read is a range of it.
  const createTable = (name: string) => {
    const table = db.schema.createTable(name).ifNotExists();
    return dialect === 'sqlite' ? table.modifyEnd(sql`without rowid`) : table;
  };

  await createTable('daily_totals')
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('coins_sold', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('money_cents', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('triggers', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('refunds', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('daily_totals_pk', ['day', 'shard'])
    .execute();

  await createTable('daily_action_totals')
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('action_id', 'integer', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('triggers', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('coins', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('last_id', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('daily_action_totals_pk', ['day', 'action_id', 'shard'])
    .execute();

  await createTable('daily_supporter_totals')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('triggers', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('coins', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('daily_supporter_totals_pk', ['user_id', 'day'])
    .execute();
  // The top supporters' candidates: each day's biggest spenders, read from the top.
  await createIndex(db, dialect, 'daily_supporter_totals', 'daily_supporter_totals_day_coins', [
    'day',
    'coins',
    'user_id',
  ]);

  await createTable('daily_endpoint_totals')
    .addColumn('day', 'integer', (c) => c.notNull())
    .addColumn('endpoint_id', 'integer', (c) => c.notNull())
    .addColumn('shard', 'integer', (c) => c.notNull())
    .addColumn('delivered', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'bigint', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('daily_endpoint_totals_pk', ['day', 'endpoint_id', 'shard'])
    .execute();

  // The shards the overview has not folded yet (written once per row: the key never changes).
  await createIndex(db, dialect, 'daily_totals', 'daily_totals_shard', ['shard', 'day']);
  await createIndex(db, dialect, 'daily_action_totals', 'daily_action_totals_shard', ['shard', 'day']);
  await createIndex(db, dialect, 'daily_endpoint_totals', 'daily_endpoint_totals_shard', ['shard', 'day']);

  for (const name of triggerNames()) await sql.raw(`DROP TRIGGER IF EXISTS ${name}`).execute(db);
  try {
    for (const statement of triggerStatements(dialect)) await sql.raw(statement).execute(db);
  } catch (error) {
    if ((error as { errno?: unknown }).errno !== ER_BINLOG_CREATE_ROUTINE_NEED_SUPER) throw error;
    throw new Error(
      'MySQL refused to create the daily totals triggers: binary logging is on and the database user lacks SUPER. ' +
        'Set log_bin_trust_function_creators=ON on the server (safe with row-based binary logging) and restart.',
      { cause: error },
    );
  }
  await db.transaction().execute(async (tx) => {
    for (const statement of backfillStatements(dialect)) await sql.raw(statement).execute(tx);
  });
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  for (const trigger of triggerNames()) await sql.raw(`DROP TRIGGER IF EXISTS ${trigger}`).execute(db);
  for (const table of ['daily_endpoint_totals', 'daily_supporter_totals', 'daily_action_totals', 'daily_totals']) {
    await db.schema.dropTable(table).execute();
  }
}
