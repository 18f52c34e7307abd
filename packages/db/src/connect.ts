import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type LogEvent, Migrator, MysqlDialect } from 'kysely';
import type * as Mysql2 from 'mysql2';
import { migrationProvider } from './migrations/index';
import type { Database } from './schema';
import { shareSqlite, type TransactionRunner } from './sqlite-share';
import { WalSync, walFileFlush } from './wal-sync';

/** The MySQL driver is loaded only for a MySQL database: a SQLite shop never holds it in memory. */
const require = createRequire(import.meta.url);

export type DialectName = 'sqlite' | 'mysql';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /**
   * One transaction, settled once committed (and on disk) or rolled back. The same as
   * `kysely.transaction().execute(work)`; on SQLite without Kysely's per-query connection bookkeeping.
   */
  transaction: TransactionRunner<Database>;
  close(): Promise<void>;
  /**
   * Why the database takes no more work, when it does: after a failed flush of the SQLite WAL every
   * statement is refused until a restart (wal-sync.ts). Always null on MySQL, whose server keeps
   * its own promises of durability, and on an in-memory database.
   */
  failure(): Error | null;
  /**
   * The delivery worker's share of the database: its own pool on MySQL, first turn on the one SQLite
   * connection. Closed with this Db (its close() closes both).
   */
  worker?: Db;
}

export type DbTarget = { dialect: 'sqlite'; file: string } | { dialect: 'mysql'; url: string };

/** `sqlite:<path>`, `:memory:` style paths or `mysql://user:pass@host:port/db`. */
export function parseDatabaseUrl(url: string): DbTarget {
  if (url.startsWith('mysql://')) return { dialect: 'mysql', url };
  if (url.startsWith('sqlite:')) return { dialect: 'sqlite', file: url.slice('sqlite:'.length) };
  throw new Error(`DATABASE_URL must start with mysql:// or sqlite: (got '${url.split(':')[0]}:')`);
}

export interface ConnectOptions {
  poolSize?: number;
  /** Called with every statement's SQL text as sent (benchmarks compare statement lists with it). */
  onQuery?: (sql: string) => void;
  /** Runs each flush of the SQLite WAL in place of the file flush it is given: tests fail one this way. */
  flushWal?: (flushFile: () => Promise<void>) => Promise<void>;
}

export function connect(target: DbTarget, options: ConnectOptions = {}): Db {
  const { onQuery, flushWal } = options;
  const log = onQuery
    ? (event: LogEvent) => {
        if (event.level === 'query') onQuery(event.query.sql);
      }
    : undefined;
  if (target.dialect === 'sqlite') {
    if (target.file !== ':memory:') mkdirSync(dirname(target.file), { recursive: true });
    const database = new SQLite(target.file);
    const inWal = database.pragma('journal_mode = WAL', { simple: true }) === 'wal';
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    // The WAL is synced after each commit all the same, off the event loop and before anyone hears of
    // it (wal-sync.ts). An in-memory database has no WAL and nothing to sync.
    const walFile = inWal ? walFileFlush(target.file) : undefined;
    const wal = walFile && new WalSync(flushWal ? () => flushWal(walFile.flush) : walFile.flush);
    if (wal) database.pragma('synchronous = NORMAL');
    // One connection shared by two Kysely instances: the worker's takes turns first (sqlite-share.ts).
    // The share reports every statement itself, BEGIN and COMMIT of its own transactions included.
    const share = shareSqlite(database, { wal, onQuery });
    const kysely = new Kysely<Database>({ dialect: share.main });
    const workerKysely = new Kysely<Database>({ dialect: share.worker });
    share.runDirect(kysely, false);
    share.runDirect(workerKysely, true);
    const close = async () => {
      await Promise.all([kysely.destroy(), workerKysely.destroy()]);
      await wal?.idle();
      if (database.open) database.close();
      walFile?.close();
    };
    const failure = () => wal?.failure ?? null;
    const worker: Db = {
      kysely: workerKysely,
      dialect: 'sqlite',
      transaction: share.transactions(workerKysely, true),
      close,
      failure,
    };
    return { kysely, dialect: 'sqlite', transaction: share.transactions(kysely, false), close, failure, worker };
  }
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

const kyselyTransactions =
  (kysely: Kysely<Database>): TransactionRunner<Database> =>
  (work) =>
    kysely.transaction().execute(work);

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
