import type SQLite from 'better-sqlite3';

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
