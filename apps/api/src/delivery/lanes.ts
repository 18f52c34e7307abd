interface Lane {
  active: number;
  waiting: (() => void)[];
}

/**
 * One small queue per endpoint: at most `concurrency` jobs of a lane run at once and they start in
 * arrival order, so a slow or dead endpoint fills only its own lane while the others move on.
 */
export class Lanes {
  private readonly lanes = new Map<number | string, Lane>();
  private total = 0;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly concurrency: number) {}

  /** Jobs running or waiting in this lane. */
  load(key: number | string): number {
    const lane = this.lanes.get(key);
    return lane ? lane.active + lane.waiting.length : 0;
  }

  /** The lanes holding at least `limit` jobs. */
  fullKeys(limit: number): (number | string)[] {
    return [...this.lanes.entries()].filter(([, l]) => l.active + l.waiting.length >= limit).map(([k]) => k);
  }

  /** Runs `job` when its lane has room; `waited` says whether it queued behind others first. */
  run<T>(key: number | string, job: (waited: boolean) => Promise<T>): Promise<T> {
    let lane = this.lanes.get(key);
    if (!lane) {
      lane = { active: 0, waiting: [] };
      this.lanes.set(key, lane);
    }
    const current = lane;
    this.total++;
    const start = async (waited: boolean): Promise<T> => {
      current.active++;
      try {
        return await job(waited);
      } finally {
        current.active--;
        this.total--;
        const next = current.waiting.shift();
        if (next) next();
        else if (current.active === 0) this.lanes.delete(key);
        if (this.total === 0) {
          for (const resolve of this.idleWaiters.splice(0)) resolve();
        }
      }
    };
    if (current.active < this.concurrency && current.waiting.length === 0) return start(false);
    return new Promise<T>((resolve, reject) => {
      current.waiting.push(() => {
        start(true).then(resolve, reject);
      });
    });
  }

  /** Resolves once no job runs or waits. */
  idle(): Promise<void> {
    if (this.total === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }
}

/**
 * Runs steps one after another per key, in the order they were asked for. The worker passes each
 * attempt's preparation through it, so attempts to one endpoint go out in the order they started
 * even though they then run side by side.
 */
export class KeyedSerial {
  private readonly tails = new Map<number | string, Promise<unknown>>();

  step<T>(key: number | string, fn: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(fn);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
