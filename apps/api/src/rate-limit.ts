/**
 * Fixed-window counter per key, in memory. Good for one process; behind a load balancer each
 * process limits on its own, which still caps brute force at N times the limit.
 */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one attempt; returns the seconds to wait when over the limit, else 0. */
  take(key: string, now: number): number {
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.hits.size > 10_000) this.sweep(now);
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
      return 0;
    }
    entry.count += 1;
    if (entry.count > this.max) return Math.ceil((entry.resetAt - now) / 1000);
    return 0;
  }

  private sweep(now: number): void {
    for (const [key, entry] of this.hits) if (entry.resetAt <= now) this.hits.delete(key);
  }
}
