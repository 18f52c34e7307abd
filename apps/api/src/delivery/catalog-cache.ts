import { type Executor, findActionWithCategory, listActiveEndpoints, type WebhookEndpointRow } from '@shop/db';

type ActionWithCategoryRow = NonNullable<Awaited<ReturnType<typeof findActionWithCategory>>>;

/** The Redis channel that carries invalidations between api processes. */
export const CATALOG_CHANNEL = 'shop:catalog';

/** Longest a cached read may lag a change made around the admin API (direct SQL, a process without Redis). */
export const CATALOG_CACHE_TTL_MS = 10_000;

interface Entry<T> {
  value: T;
  at: number;
}

interface ActionEntry extends Entry<ActionWithCategoryRow> {
  /** The newest catalog version this process had seen when the row was read: the row is at least that new. */
  version: number;
}

/**
 * What a trigger reads about the action and the endpoints, kept in memory: two round trips less per
 * trigger. Every successful admin mutation empties it (trpc.ts), in every process when Redis is set
 * (the 'shop:catalog' channel, app.ts); the TTL bounds what a change made elsewhere can leave stale.
 * Misses are not cached, so a new action is seen at once. Rows are shared: callers must not mutate them.
 *
 * What a sale decides (price, stock, limits, surge) never rests on the TTL: a trigger reads the
 * catalog version in its transaction and asks `current()`; a copy that may be older is not used to
 * skip the action's row lock (economy/sale.ts).
 */
export class CatalogCache {
  private readonly actions = new Map<number, ActionEntry>();
  /** The newest shop_settings.catalog_version a trigger has read here. */
  private version = 0;
  private endpoints: Entry<WebhookEndpointRow[]> | null = null;
  /** Bumped by every invalidation: a read that started before one must not store what it read. */
  private generation = 0;
  private publish: (() => void) | null = null;

  constructor(
    private readonly db: Executor,
    private readonly now: () => number,
    private readonly ttlMs = CATALOG_CACHE_TTL_MS,
  ) {}

  async action(id: number): Promise<ActionWithCategoryRow | undefined> {
    const hit = this.actions.get(id);
    if (hit && this.fresh(hit)) return hit.value;
    const generation = this.generation;
    const version = this.version;
    const row = await findActionWithCategory(this.db, id);
    if (row && generation === this.generation) this.actions.set(id, { value: row, at: this.now(), version });
    return row;
  }

  /**
   * Whether the copy of action `id` held here is the stored row as of `version`, the catalog version
   * the caller's transaction just read: true only when it was read at that version, so no admin change
   * to any action has committed since (each raises the version in its own transaction). A newer
   * version than any seen here empties the cache at once, in this process, Redis or not.
   */
  current(id: number, version: number): boolean {
    if (version > this.version) {
      this.version = version;
      this.invalidateLocally();
      return false;
    }
    return this.actions.get(id)?.version === version;
  }

  async activeEndpoints(): Promise<WebhookEndpointRow[]> {
    if (this.endpoints && this.fresh(this.endpoints)) return this.endpoints.value;
    const generation = this.generation;
    const rows = await listActiveEndpoints(this.db);
    if (generation === this.generation) this.endpoints = { value: rows, at: this.now() };
    return rows;
  }

  /** Forget everything here and tell the other processes to do the same. */
  invalidate(): void {
    this.invalidateLocally();
    this.publish?.();
  }

  /** Another process changed the catalog (a Redis message), or this one did. */
  invalidateLocally(): void {
    this.generation++;
    this.actions.clear();
    this.endpoints = null;
  }

  /** Redis fan-out of invalidations across api processes. */
  useBus(publish: () => void): void {
    this.publish = publish;
  }

  private fresh(entry: Entry<unknown>): boolean {
    return this.now() - entry.at < this.ttlMs;
  }
}
