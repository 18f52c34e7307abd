import { createRequire } from 'node:module';
import { Kysely, type LogEvent, Migrator, MysqlDialect } from 'kysely';
import type * as Mysql2 from 'mysql2';
import type { ConnectOptions, Db, TransactionRunner } from './db';
import { nameDialect } from './dialect-of';
import { migrationProvider } from './migrations/index';
import type { Database } from './schema';
import { openSqlite } from './sqlite/open';

export type { ConnectOptions, Db, DialectName, TransactionRunner } from './db';

/** The MySQL driver is loaded only for a MySQL database: a SQLite shop never holds it in memory. */
const require = createRequire(import.meta.url);

export type DbTarget = { dialect: 'sqlite'; file: string } | { dialect: 'mysql'; url: string };

/** `sqlite:<path>`, `:memory:` style paths or `mysql://user:pass@host:port/db`. */
export function parseDatabaseUrl(url: string): DbTarget {
  if (url.startsWith('mysql://')) return { dialect: 'mysql', url };
  if (url.startsWith('sqlite:')) return { dialect: 'sqlite', file: url.slice('sqlite:'.length) };
  throw new Error(`DATABASE_URL must start with mysql:// or sqlite: (got '${url.split(':')[0]}:')`);
}

export function connect(target: DbTarget, options: ConnectOptions = {}): Db {
  if (target.dialect === 'sqlite') return openSqlite(target.file, options);
  const { onQuery } = options;
  const log = onQuery
    ? (event: LogEvent) => {
        if (event.level === 'query') onQuery(event.query.sql);
      }
    : undefined;
  const { createPool } = require('mysql2') as typeof Mysql2;
  const poolOf = (connectionLimit: number) =>
    createPool({
      uri: target.url,
      connectionLimit,
      // SUM() and friends come back as DECIMAL; ours are whole coins, so read them as numbers.
      decimalNumbers: true,
      supportBigNumbers: true,
      bigNumberStrings: false,
      connectTimeout: 10_000,
    });
  const kysely = new Kysely<Database>({
    dialect: new MysqlDialect({ pool: poolOf(options.poolSize ?? 10) }),
    ...(log && { log }),
  });
  // The worker's own few connections: its claims and outcomes never wait behind a queue of requests.
  const workerKysely = new Kysely<Database>({
    dialect: new MysqlDialect({ pool: poolOf(WORKER_POOL_SIZE) }),
    ...(log && { log }),
  });
  nameDialect(kysely, 'mysql');
  nameDialect(workerKysely, 'mysql');
  const close = async () => {
    await Promise.all([kysely.destroy(), workerKysely.destroy()]);
  };
  const failure = () => null;
  const worker: Db = {
    kysely: workerKysely,
    dialect: 'mysql',
    transaction: kyselyTransactions(workerKysely),
    close,
    failure,
  };
  return { kysely, dialect: 'mysql', transaction: kyselyTransactions(kysely), close, failure, worker };
}

const WORKER_POOL_SIZE = 8;

/**
 * Every transaction on MySQL runs at READ COMMITTED, set per transaction (docs/ARCHITECTURE.md, "Reads
 * that decide"). Under InnoDB's default REPEATABLE READ the first plain read fixes a snapshot that a row
 * lock waited for later does not refresh, so a count or list read after the wait misses what the lock
 * holder committed: limits oversold, a pool's last share never refunded. At READ COMMITTED each
 * statement sees what is committed when it runs, so a read made after the serialising lock is current.
 */
const kyselyTransactions =
  (kysely: Kysely<Database>): TransactionRunner<Database> =>
  (work) =>
    kysely
      .transaction()
      .setIsolationLevel('read committed')
      .execute((tx) => {
        nameDialect(tx, 'mysql');
        return work(tx);
      });

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db: db.kysely, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`, { cause: error });
  }
}

export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
