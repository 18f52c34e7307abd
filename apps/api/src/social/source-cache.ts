import type { FastifyBaseLogger } from 'fastify';
import { SocialSourceError } from './errors';

/** Any number of visitors cost at most one upstream call per source per window. */
export const SOCIAL_CACHE_MS = 30 * 60_000;
/** After a failure, the next visitor after this retries (a short outage should not blank a list for 30 min). */
export const SOCIAL_RETRY_MS = 60_000;

export interface SourceList<T> {
  items: T[];
  /** Why the list is empty or old (a missing setting, an upstream failure); null when fine. */
  note: string | null;
}

/**
 * One source's list, kept server-side: fetched at most once per window, one fetch shared by every
 * concurrent caller, and on a failure the last good list with a note (or empty with the note).
 * It never throws, so a failing source never fails the other or the endpoint.
 */
export class SourceCache<T> {
  private lastGood: T[] | null = null;
  private current: SourceList<T> | null = null;
  private validUntil = 0;
  private inflight: Promise<SourceList<T>> | null = null;

  constructor(
    /** The source's name in notes and logs, e.g. 'YouTube'. */
    private readonly name: string,
    /** The fetch, or a missing-setting note when the source is not configured. */
    private readonly fetcher: (() => Promise<T[]>) | string,
    private readonly now: () => number,
    private readonly log: FastifyBaseLogger,
  ) {}

  async get(): Promise<SourceList<T>> {
    const fetcher = this.fetcher;
    if (typeof fetcher === 'string') return { items: [], note: fetcher };
    if (this.current && this.now() < this.validUntil) return this.current;
    this.inflight ??= this.fetchList(fetcher).finally(() => {
      this.inflight = null;
    });
    return this.inflight;
  }

  private async fetchList(fetcher: () => Promise<T[]>): Promise<SourceList<T>> {
    const startedAt = this.now();
    try {
      const items = await fetcher();
      this.lastGood = items;
      this.current = { items, note: null };
      this.validUntil = startedAt + SOCIAL_CACHE_MS;
    } catch (error) {
      const reason = error instanceof SocialSourceError ? error.message : 'an unexpected error';
      this.log.warn({ source: this.name, reason }, 'social content could not be read');
      this.current = { items: this.lastGood ?? [], note: `${this.name} could not be reached: ${reason}` };
      this.validUntil = startedAt + SOCIAL_RETRY_MS;
    }
    return this.current;
  }
}
