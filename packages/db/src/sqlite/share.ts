import type SQLite from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import { StatementCache } from './statement-cache';
import type { WalSync } from './wal-sync';

/**
 * The one SQLite connection, taken in turns. Two queues: the delivery worker's turns come before the
 * requests' whenever both wait, so deliveries keep pace with triggers under load instead of queueing
 * behind every request in flight (its work is bounded by what the triggers queued, so requests still run).
 */
class TurnTaking {
  private busy = false;
  private readonly first: (() => void)[] = [];
  private readonly rest: (() => void)[] = [];

  take(priority: boolean): Promise<void> {
    if (!this.busy) {
      this.busy = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => (priority ? this.first : this.rest).push(resolve));
  }

  give(): void {
    const next = this.first.shift() ?? this.rest.shift();
    if (next) next();
    else this.busy = false;
  }
}

class CachedConnection implements DatabaseConnection {
  constructor(
    private readonly database: SQLite.Database,
    private readonly cache: StatementCache,
    private readonly wal: WalSync | undefined,
    private readonly onQuery: ((sql: string) => void) | undefined,
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return this.execute<R>(compiled);
  }

  /** Runs one statement to its end: better-sqlite3 is synchronous. */
  execute<R>(compiled: CompiledQuery): QueryResult<R> {
    this.refuseOnceStopped();
    this.onQuery?.(compiled.sql);
    const statement = this.cache.prepare(compiled.sql);
    const parameters = compiled.parameters as unknown[];
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    // A change outside any transaction commits itself.
    if (!this.database.inTransaction) this.wal?.committed();
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  begin(): void {
    this.refuseOnceStopped();
    this.run('begin');
  }

  /** Refused once stopped: the caller rolls back instead, so the transaction leaves nothing behind. */
  commit(): void {
    this.refuseOnceStopped();
    this.run('commit');
    this.wal?.committed();
  }

  /**
   * Fail-stop after a failed WAL flush (wal-sync.ts): the pages that flush lost cannot be told from
   * the ones it wrote, so a commit made now could land on top of a hole, and a read could show one.
   * Only a rollback still runs.
   */
  private refuseOnceStopped(): void {
    const failure = this.wal?.failure;
    if (failure) throw failure;
  }

  /** Only while a transaction is open: SQLite may have rolled it back itself (a failed COMMIT, say). */
  rollback(): void {
    if (this.database.inTransaction) this.run('rollback');
  }

  private run(sql: string): void {
    this.onQuery?.(sql);
    this.cache.prepare(sql).run();
  }

  /** Whatever a caller was handed must not vanish in a power cut: see wal-sync.ts. */
  durable(): Promise<void> | undefined {
    return this.wal?.durable();
  }

  // biome-ignore lint/correctness/useYield: streaming is not offered; Kysely only calls this for .stream().
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('Streaming queries are not supported on SQLite here');
  }
}

class SharedDriver implements Driver {
  constructor(
    private readonly turns: TurnTaking,
    private readonly connection: CachedConnection,
    private readonly priority: boolean,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.turns.take(this.priority);
    return this.connection;
  }

  async beginTransaction(): Promise<void> {
    this.connection.begin();
  }

  async commitTransaction(): Promise<void> {
    this.connection.commit();
  }

  async rollbackTransaction(): Promise<void> {
    this.connection.rollback();
  }

  /**
   * The next in line gets the connection at once; this caller's query or transaction settles only
   * when every commit before it is on disk, reads included: no reply shows what a power cut could undo.
   */
  async releaseConnection(): Promise<void> {
    this.turns.give();
    const durable = this.connection.durable();
    if (durable) await durable;
  }

  // The database is closed by whoever opened it, once both shares are done (open.ts).
  async destroy(): Promise<void> {}
}

export interface SqliteShare {
  /** The requests' share of the connection. */
  main: Dialect;
  /** The delivery worker's share: it takes turns before requests that were already waiting. */
  worker: Dialect;
}

/**
 * Two Kysely dialects over one better-sqlite3 database. A transaction holds its share's turn from
 * BEGIN to COMMIT (Kysely's transactions acquire the connection once). `wal` is given for a database
 * in WAL mode with `synchronous = NORMAL`: results then wait for it. `onQuery` hears every
 * statement, BEGIN and COMMIT included.
 */
export function shareSqlite(
  database: SQLite.Database,
  options: { wal?: WalSync | undefined; onQuery?: ((sql: string) => void) | undefined } = {},
): SqliteShare {
  const turns = new TurnTaking();
  const connection = new CachedConnection(database, new StatementCache(database), options.wal, options.onQuery);
  const share = (priority: boolean): Dialect => {
    const driver = new SharedDriver(turns, connection, priority);
    return {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => driver,
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    };
  };
  return { main: share(false), worker: share(true) };
}
