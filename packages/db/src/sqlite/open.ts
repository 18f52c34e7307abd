import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely } from 'kysely';
import type { ConnectOptions, Db, TransactionRunner } from '../db';
import { nameDialect } from '../dialect-of';
import type { Database } from '../schema';
import { shareSqlite } from './share';
import { WalSync, walFileFlush } from './wal-sync';
import { WithoutRowLocks } from './without-row-locks';

/**
 * The shop's SQLite database: one better-sqlite3 connection in WAL mode, shared by the requests'
 * Kysely instance and the delivery worker's (share.ts), its commits made durable off the event
 * loop (wal-sync.ts). `:memory:` opens an in-memory database with neither WAL nor sync.
 */
export function openSqlite(file: string, options: Pick<ConnectOptions, 'onQuery' | 'flushWal'> = {}): Db {
  const { onQuery, flushWal } = options;
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new SQLite(file);
  const inWal = database.pragma('journal_mode = WAL', { simple: true }) === 'wal';
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // The WAL is synced after each commit all the same, off the event loop and before anyone hears of
  // it (wal-sync.ts). An in-memory database has no WAL and nothing to sync.
  const walFile = inWal ? walFileFlush(file) : undefined;
  const wal = walFile && new WalSync(flushWal ? () => flushWal(walFile.flush) : walFile.flush);
  if (wal) database.pragma('synchronous = NORMAL');
  // One connection shared by two Kysely instances: the worker's takes turns first (share.ts).
  // The share reports every statement itself, BEGIN and COMMIT of its own transactions included.
  const share = shareSqlite(database, { wal, onQuery });
  // Repositories write MySQL's row locks; SQLite's one writer needs none (without-row-locks.ts).
  const plugins = [new WithoutRowLocks()];
  const kysely = new Kysely<Database>({ dialect: share.main, plugins });
  const workerKysely = new Kysely<Database>({ dialect: share.worker, plugins });
  nameDialect(kysely, 'sqlite');
  nameDialect(workerKysely, 'sqlite');
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
    transaction: sqliteTransactions(workerKysely),
    close,
    failure,
  };
  return { kysely, dialect: 'sqlite', transaction: sqliteTransactions(kysely), close, failure, worker };
}

/** Kysely's own transactions over the share: the driver takes the turn, BEGIN, COMMIT and the WAL's wait. */
const sqliteTransactions =
  (kysely: Kysely<Database>): TransactionRunner<Database> =>
  (work) =>
    kysely.transaction().execute((tx) => {
      nameDialect(tx, 'sqlite');
      return work(tx);
    });
