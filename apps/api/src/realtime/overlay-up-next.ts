import { type TQueue, upNextOf } from '@shop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { RealtimeHub } from './hub';
import type { OverlayHub } from './overlay-hub';

export interface OverlayUpNextDeps {
  /** The control room's queue as admins see it (ControlRoom.read). */
  readQueue: () => Promise<TQueue>;
  realtime: Pick<RealtimeHub, 'onQueueChanged'>;
  overlays: Pick<OverlayHub, 'wantsUpNext' | 'sendUpNext' | 'onUpNextWanted'>;
  log: FastifyBaseLogger;
}

/** At most one read of the queue per this many milliseconds, however many changes arrive. */
export const UP_NEXT_READ_INTERVAL_MS = 250;

/**
 * The built-in overlay's 'Up next' list (admin-spec section 11). Every api process runs one: it reacts to each
 * queue_changed it delivers (its own, or another process's through Redis) and to an overlay that
 * opens wanting the list, by reading the queue and sending the next triggers in line to its own
 * overlays. Reads happen only while such an overlay is open here, and at most one per
 * UP_NEXT_READ_INTERVAL_MS: a burst of changes costs one read, and the last change always gets one.
 */
export class OverlayUpNext {
  private timer: NodeJS.Timeout | null = null;
  private reading: Promise<void> | null = null;
  /** A change arrived since the last read started. */
  private dirty = false;
  /** When the last read started (monotonic, real time: the shop's clock may be a test's). */
  private lastReadAt = Number.NEGATIVE_INFINITY;
  private stopped = false;

  constructor(private readonly deps: OverlayUpNextDeps) {
    deps.realtime.onQueueChanged(() => this.request());
    deps.overlays.onUpNextWanted(() => this.request());
  }

  /** The queue changed, or an overlay needs the list: read it soon (coalesced). */
  request(): void {
    if (this.stopped || !this.deps.overlays.wantsUpNext()) return;
    this.dirty = true;
    if (this.timer || this.reading) return;
    this.schedule();
  }

  private schedule(): void {
    const wait = Math.max(0, this.lastReadAt + UP_NEXT_READ_INTERVAL_MS - performance.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.run();
    }, wait);
    this.timer.unref();
  }

  private run(): void {
    this.reading = this.read()
      .catch((error: unknown) => this.deps.log.warn({ err: error }, 'overlay Up next could not be read'))
      .finally(() => {
        this.reading = null;
        if (this.dirty && !this.stopped) this.schedule();
      });
  }

  private async read(): Promise<void> {
    this.dirty = false;
    this.lastReadAt = performance.now();
    if (!this.deps.overlays.wantsUpNext()) return;
    const queue = await this.deps.readQueue();
    if (!this.stopped) this.deps.overlays.sendUpNext(upNextOf(queue.items));
  }

  /** Reads now what is pending, and waits for it (tests). */
  async settle(): Promise<void> {
    for (let i = 0; i < 10 && (this.timer || this.reading); i++) {
      if (this.timer) {
        clearTimeout(this.timer);
        this.timer = null;
        this.run();
      }
      await this.reading;
    }
  }

  /** No reads after this (the app is closing its database). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.reading;
  }
}
