import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';

/**
 * Repositories write MySQL's row locks (`FOR UPDATE`, `SKIP LOCKED`) on every locking read; SQLite
 * runs one transaction at a time, so they mean nothing there, and its grammar has no such clause.
 * This plugin takes them off a select before it is compiled. Only the top-level select: no
 * repository locks inside a subquery, and the walk stays one look at the root per query.
 */
const LOCKS = new Set(['ForUpdate', 'ForNoKeyUpdate', 'ForShare', 'ForKeyShare', 'NoWait', 'SkipLocked']);

export class WithoutRowLocks implements KyselyPlugin {
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (node.kind !== 'SelectQueryNode' || !node.endModifiers) return node;
    const kept = node.endModifiers.filter((m) => !(m.modifier && LOCKS.has(m.modifier)));
    if (kept.length === node.endModifiers.length) return node;
    return Object.freeze({ ...node, endModifiers: kept.length > 0 ? Object.freeze(kept) : undefined });
  }

  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }
}
