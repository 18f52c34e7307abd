/**
 * Counts a stand-in's connections and lets a test wait for a number of them to be open: tests wait for the
 * event (a socket opened or closed), never for a length of time.
 */
export class ConnectionCounter {
  /** Connections accepted since the start. */
  accepted = 0;
  /** Connections open now. */
  open = 0;
  private readonly waiters: { count: number; resolve(): void }[] = [];

  opened(): void {
    this.accepted += 1;
    this.open += 1;
    this.notify();
  }

  closed(): void {
    this.open -= 1;
    this.notify();
  }

  /** Resolves as soon as exactly `count` connections are open (at once when they already are). */
  untilOpen(count: number): Promise<void> {
    if (this.open === count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }

  private notify(): void {
    for (const waiter of [...this.waiters]) {
      if (waiter.count !== this.open) continue;
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  }
}
