import type SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
} from 'kysely';
import type { WalSync } from './wal-sync';

/**
 * better-sqlite3 compiles a statement on every prepare(); Kysely's driver prepares each query again, so
 * the same few hot statements were compiled thousands of times a second. Statements are kept by SQL
 * text, least recently used dropped first, so ad-hoc SQL (admin reports) cannot grow it without bound.
 */
export class StatementCache {
  private readonly statements = new Map<string, SQLite.Statement>();

  constructor(
    private readonly database: SQLite.Database,
    private readonly limit = 500,
  ) {}

  prepare(sql: string): SQLite.Statement {
    const cached = this.statements.get(sql);
    if (cached) {
      // Re-inserted: Map keeps insertion order, so the first key is always the least recently used.
      this.statements.delete(sql);
      this.statements.set(sql, cached);
      return cached;
    }
    const statement = this.database.prepare(sql);
    this.statements.set(sql, statement);
    if (this.statements.size > this.limit) {
      const oldest = this.statements.keys().next().value;
      if (oldest !== undefined) this.statements.delete(oldest);
    }
    return statement;
  }

  get size(): number {
    return this.statements.size;
  }
}

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
  ) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const statement = this.cache.prepare(compiled.sql);
    const parameters = compiled.parameters as unknown[];
    if (statement.reader) return { rows: statement.all(parameters) as R[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    // A COMMIT, or a change outside any transaction (which commits itself).
    if (!this.database.inTransaction) this.wal?.committed();
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  /** Not through executeQuery: a rollback leaves nothing to put on disk. */
  rollback(): void {
    this.cache.prepare('rollback').run();
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

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
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

  // The database is closed by whoever opened it, once both shares are done (connect.ts).
  async destroy(): Promise<void> {}
}

/**
 * Two Kysely dialects over one better-sqlite3 database: requests, and the worker taking turns first.
 * `wal` is given for a database in WAL mode with `synchronous = NORMAL`: commits then wait for it.
 */
export function sharedSqliteDialects(database: SQLite.Database, wal?: WalSync): { main: Dialect; worker: Dialect } {
  const turns = new TurnTaking();
  const connection = new CachedConnection(database, new StatementCache(database), wal);
  const dialect = (priority: boolean): Dialect => ({
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new SharedDriver(turns, connection, priority),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  });
  return { main: dialect(false), worker: dialect(true) };
}
