import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, MysqlDialect, SqliteDialect } from 'kysely';
import { createPool } from 'mysql2';
import { migrationProvider } from './migrations/index';
import type { Database } from './schema';

export type DialectName = 'sqlite' | 'mysql';

export interface Db {
  kysely: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

export type DbTarget = { dialect: 'sqlite'; file: string } | { dialect: 'mysql'; url: string };

/** `sqlite:<path>`, `:memory:` style paths or `mysql://user:pass@host:port/db`. */
export function parseDatabaseUrl(url: string): DbTarget {
  if (url.startsWith('mysql://')) return { dialect: 'mysql', url };
  if (url.startsWith('sqlite:')) return { dialect: 'sqlite', file: url.slice('sqlite:'.length) };
  throw new Error(`DATABASE_URL must start with mysql:// or sqlite: (got '${url.split(':')[0]}:')`);
}

export function connect(target: DbTarget, options: { poolSize?: number } = {}): Db {
  if (target.dialect === 'sqlite') {
    if (target.file !== ':memory:') mkdirSync(dirname(target.file), { recursive: true });
    const database = new SQLite(target.file);
    database.pragma('journal_mode = WAL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
    return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
  }
  const pool = createPool({
    uri: target.url,
    connectionLimit: options.poolSize ?? 10,
    // SUM() and friends come back as DECIMAL; ours are whole coins, so read them as numbers.
    decimalNumbers: true,
    supportBigNumbers: true,
    bigNumberStrings: false,
    connectTimeout: 10_000,
  });
  const kysely = new Kysely<Database>({ dialect: new MysqlDialect({ pool }) });
  return { kysely, dialect: 'mysql', close: () => kysely.destroy() };
}

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
