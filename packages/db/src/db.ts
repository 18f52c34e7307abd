import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

export type DialectName = 'sqlite' | 'mysql';

/** Runs `work` in one transaction and settles with what it returned, once the commit is on disk. */
export type TransactionRunner<DB> = <T>(work: (tx: Transaction<DB>) => Promise<T>) => Promise<T>;

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  /**
   * One transaction, settled once committed (and on disk) or rolled back. On MySQL at READ COMMITTED,
   * set per transaction, so a read made after a lock sees what its holder committed; on SQLite, where
   * transactions never overlap, without Kysely's per-query connection bookkeeping. The shop opens every
   * transaction here (isolation.int.test.ts fails on any other).
   */
  transaction: TransactionRunner<Database>;
  close(): Promise<void>;
  /**
   * Why the database takes no more work, when it does: after a failed flush of the SQLite WAL every
   * statement is refused until a restart (sqlite/wal-sync.ts). Always null on MySQL, whose server keeps
   * its own promises of durability, and on an in-memory database.
   */
  failure(): Error | null;
  /**
   * The delivery worker's share of the database: its own pool on MySQL, first turn on the one SQLite
   * connection. Closed with this Db (its close() closes both).
   */
  worker?: Db;
}

export interface ConnectOptions {
  poolSize?: number;
  /** Called with every statement's SQL text as sent (benchmarks compare statement lists with it). */
  onQuery?: (sql: string) => void;
  /** Runs each flush of the SQLite WAL in place of the file flush it is given: tests fail one this way. */
  flushWal?: (flushFile: () => Promise<void>) => Promise<void>;
}
