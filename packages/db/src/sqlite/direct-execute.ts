import type { CompiledQuery, QueryResult } from 'kysely';

/** Runs one compiled query where an executor would, settling as Kysely's executeQuery would. */
export type DirectExecute = <R>(compiled: CompiledQuery<R>) => Promise<QueryResult<R>>;

/**
 * Kysely instances and transactions whose driver can run a compiled query itself (the shared SQLite
 * connection, share.ts). Kysely's executor wraps each query in a connection provider, a
 * driver release and a result transform, each a promise of its own, on every statement of a
 * trigger. A query compiled once (compiled-once.ts) needs none of them. Weak, so a finished transaction is not kept.
 */
const direct = new WeakMap<object, DirectExecute>();

export function registerDirectExecute(executor: object, execute: DirectExecute): void {
  direct.set(executor, execute);
}

/** The direct way to run a query for this Kysely instance or transaction, if its driver offers one. */
export function directExecuteOf(executor: object): DirectExecute | undefined {
  return direct.get(executor);
}
