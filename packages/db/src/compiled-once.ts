import { type Compilable, type CompiledQuery, createQueryId, type QueryResult, RawNode } from 'kysely';
import type { DialectName } from './db';
import { dialectOf } from './dialect-of';
import type { Executor } from './executor';

/** Where a compiled parameter comes from: the call's argument at that index, or (arg -1) a value fixed by the builder. */
interface Slot {
  arg: number;
  fixed: unknown;
}

interface Template {
  sql: string;
  /** What CompiledQuery.raw would give, made once: the builder's own node holds the markers, not the arguments. */
  query: RawNode;
  slots: Slot[];
}

/**
 * Kysely builds and compiles every query from scratch, and on the trigger's hot path that was the
 * largest cost after the database's own work. A query whose shape never depends on its arguments
 * is built once per dialect with a marker in place of each argument; every call then sends that
 * same SQL text, with the call's arguments where the markers were. The Kysely builder stays the one
 * source of the statement, so the SQL is exactly what it was before.
 *
 * Only for fixed shapes: a builder that branches on an argument (`is null` for null, an `in` list)
 * would be frozen in the shape of the markers. `arity` is the number of arguments the builder takes.
 */
export function compiledOnce<A extends unknown[], R>(
  arity: number,
  build: (db: Executor, ...args: A) => Compilable<R>,
): (db: Executor, ...args: A) => Promise<QueryResult<R>> {
  // One template per dialect, whichever executor is passed.
  const templates = new Map<DialectName, Template>();
  return (db, ...args) => {
    const dialect = dialectOf(db);
    let template = templates.get(dialect);
    if (!template) {
      try {
        template = compileTemplate(db, arity, build);
      } catch (error) {
        return Promise.reject(error);
      }
      templates.set(dialect, template);
    }
    const { slots } = template;
    const parameters: unknown[] = new Array(slots.length);
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i] as Slot;
      parameters[i] = slot.arg === -1 ? slot.fixed : args[slot.arg];
    }
    // A plain object, not CompiledQuery.raw: that freezes a new raw node and the parameters on every call.
    const compiled: CompiledQuery<R> = {
      sql: template.sql,
      query: template.query,
      parameters,
      queryId: createQueryId(),
    };
    try {
      return db.executeQuery(compiled);
    } catch (error) {
      // A transaction already over refuses synchronously; callers expect a rejection, as from execute().
      return Promise.reject(error);
    }
  };
}

function compileTemplate<A extends unknown[], R>(
  db: Executor,
  arity: number,
  build: (db: Executor, ...args: A) => Compilable<R>,
): Template {
  const markers = Array.from({ length: arity }, (_, i) => `\u0000compiled-once-argument-${i}\u0000`);
  const compiled = build(db, ...(markers as A)).compile();
  const seen = new Set<number>();
  const slots = compiled.parameters.map((value): Slot => {
    const arg = markers.indexOf(value as string);
    if (arg !== -1) seen.add(arg);
    return { arg, fixed: arg === -1 ? value : undefined };
  });
  // A marker the builder transformed (or dropped) would send the wrong value: refuse at the first call.
  if (seen.size !== arity) throw new Error(`compiledOnce: ${arity - seen.size} argument(s) did not reach the SQL`);
  return { sql: compiled.sql, query: RawNode.createWithSql(compiled.sql), slots };
}
