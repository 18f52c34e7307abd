import type { Db } from '@shop/db';
import type { TQueueItem, TTriggerState } from '@shop/domain';
import type { FastifyBaseLogger } from 'fastify';
import { sendReceipt } from '../delivery/receipts';
import type { RealtimeHub } from '../realtime/hub';
import { readQueue } from './queue-view';

export interface QueueNotifierDeps {
  db: Db;
  realtime: Pick<RealtimeHub, 'broadcast'>;
  now: () => number;
  log: FastifyBaseLogger;
}

/** Changes arriving within this window go out as one queue_changed and one read of the queue. */
const COALESCE_MS = 100;

/** Waiting is worth a receipt of its own in these states: the viewer's place can move. */
const LINE_STATES: readonly TTriggerState[] = ['awaiting_approval', 'queued', 'held'];

/**
 * Tells admins' sockets that the queue changed (they read it again), and the paying viewers whose
 * place in line moved where they stand now. Bursts are coalesced: a thousand triggers in a second
 * cost about ten reads of the queue, not a thousand.
 */
export class QueueNotifier {
  private pending = new Set<number>();
  private whole = false;
  /** A pending change may move someone's place in a line (a wait, a decision, a group's turn). */
  private lines = false;
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  /** What each waiting viewer was last told (state and place), so only moves are sent. */
  private readonly told = new Map<number, string>();

  constructor(
    private readonly services: QueueNotifierDeps,
    private readonly laneConcurrency: number,
  ) {}

  /**
   * These triggers changed (state or place); an empty list means the whole queue (a hold). `lines`:
   * the change may move a waiting viewer's place (a trigger that waits, a decision, a group's turn);
   * the send and the outcome of an ordinary trigger do not, and cost no read of the queue.
   */
  changed(historyIds: readonly number[], lines = true): void {
    if (historyIds.length === 0) this.whole = true;
    if (lines) this.lines = true;
    for (const id of historyIds) this.pending.add(id);
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.flushing = this.flush().catch((error: unknown) =>
        this.services.log.warn({ err: error }, 'queue change could not be announced'),
      );
    }, COALESCE_MS);
    this.timer.unref();
  }

  /** Sends what is pending now (tests and shutdown). */
  async settle(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
      await this.flush();
    }
    await this.flushing;
  }

  private async flush(): Promise<void> {
    const historyIds = this.whole ? [] : [...this.pending];
    const read = this.whole || this.lines || this.told.size > 0;
    this.pending.clear();
    this.whole = false;
    this.lines = false;
    if (!read) {
      // Nobody waits in a line: admins reload the list, and nothing else needs saying.
      this.services.realtime.broadcast({ type: 'queue_changed', historyIds, timestamp: this.timestamp() });
      return;
    }
    const { db, realtime, now } = this.services;
    const queue = await readQueue(db, { now: now(), laneConcurrency: this.laneConcurrency });
    realtime.broadcast({
      type: 'queue_changed',
      historyIds,
      held: queue.held,
      timestamp: this.timestamp(),
    });
    this.tellViewers(queue.items);
  }

  private timestamp(): string {
    return new Date(this.services.now()).toISOString();
  }

  private tellViewers(items: readonly TQueueItem[]): void {
    const open = new Set<number>();
    for (const item of items) {
      open.add(item.historyId);
      // An ungrouped trigger in the ordinary line goes out at once: its receipts say so. It is worth
      // a word here only after it waited (approved: 'awaiting_approval' becomes 'queued').
      const waits =
        LINE_STATES.includes(item.state) &&
        (item.queueGroup !== null || item.state !== 'queued' || this.told.has(item.historyId));
      if (!waits) continue;
      const key = `${item.state}:${item.position ?? ''}:${item.waitingFor ?? ''}`;
      if (this.told.get(item.historyId) === key) continue;
      this.told.set(item.historyId, key);
      sendReceipt(
        this.services,
        { id: item.historyId, user_id: item.userId, action_name: item.actionName, is_test: 0, cost: item.cost },
        {
          status: item.state,
          attempt: item.attempt,
          position: item.position,
          eta: item.eta === null ? null : Date.parse(item.eta),
          approvalExpiresAt: item.approvalExpiresAt === null ? null : Date.parse(item.approvalExpiresAt),
          waitingFor: item.waitingFor,
        },
      );
    }
    for (const id of this.told.keys()) if (!open.has(id)) this.told.delete(id);
  }
}
