import type { Kysely } from 'kysely';
import type { DialectName } from './db';

/**
 * Which dialect a Kysely instance or transaction speaks, for the few statements written apart per
 * dialect (upserts, date arithmetic) and for compiledOnce's one template per dialect. connect()
 * names its instances and Db.transaction its transactions; anything else (a migration's instance,
 * a transaction opened elsewhere) is asked once through the public builder: MySQL quotes names with
 * backticks, SQLite with double quotes. Weak, so a finished transaction is not kept.
 */
const known = new WeakMap<object, DialectName>();

export function nameDialect(executor: object, dialect: DialectName): void {
  known.set(executor, dialect);
}

// biome-ignore lint/suspicious/noExplicitAny: any schema: only the quoting of a made-up name is read.
export function dialectOf(executor: Kysely<any>): DialectName {
  let dialect = known.get(executor);
  if (!dialect) {
    const probe = executor.selectFrom('dialect_probe').select('dialect_probe.name').compile().sql;
    dialect = probe.includes('`') ? 'mysql' : 'sqlite';
    known.set(executor, dialect);
  }
  return dialect;
}
