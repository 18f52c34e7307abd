import {
  type Db,
  effectIdOf,
  findExpiredApprovals,
  findGroupHeads,
  freeGroupsOfEndedTriggers,
  listRunningEffects,
  readQueueHeld,
  releaseWaitingDeliveries,
  takeQueueGroup,
  transactionWithRetry,
  writeQueueHeld,
} from '@shop/db';
import { AppError, type TQueue, type TQueueDecision, type TQueueItem } from '@shop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { RefundHooks } from '../delivery/refund';
import type { DeliveryWorker, QueueSweep } from '../delivery/worker';
import type { RealtimeHub } from '../realtime/hub';
import { applyDecision, type DecisionDeps, refundByHand } from './decisions';
import { QueueNotifier } from './queue-notifier';
import { readQueue } from './queue-view';

export interface ControlRoomDeps {
  db: Db;
  realtime: Pick<RealtimeHub, 'broadcast'>;
  now: () => number;
  log: FastifyBaseLogger;
  worker: Pick<DeliveryWorker, 'wake' | 'force' | 'onEvent'>;
  laneConcurrency: number;
  refundHooks: RefundHooks;
}

/** Expired approvals settled per sweep; the rest wait for the next one (half a second later). */
const EXPIRE_BATCH = 100;

/** Thrown inside a transaction to roll it back when a group's head went away meanwhile. */
class HeadGone extends Error {}

/**
 * The streamer's control room: the queue as admins see it, their decisions, the hold switch, and the
 * worker's part of it (expiring approvals, one trigger at a time per queue group). Everything it
 * knows is in the database, so any api process may decide, sweep or answer.
 */
export class ControlRoom implements QueueSweep {
  readonly notifier: QueueNotifier;
  private readonly decisions: DecisionDeps;

  constructor(private readonly deps: ControlRoomDeps) {
    this.notifier = new QueueNotifier(deps, deps.laneConcurrency);
    this.decisions = { ...deps, notifier: this.notifier, laneConcurrency: deps.laneConcurrency };
    // Each send and each outcome moves a trigger on: admins and waiting viewers hear of it.
    deps.worker.onEvent((event) => {
      if (event.isResend || event.type === 'lost') return;
      this.notifier.changed([event.historyId], false);
    });
  }

  read(userId?: number): Promise<TQueue> {
    return readQueue(this.deps.db, { now: this.deps.now(), laneConcurrency: this.deps.laneConcurrency }, userId);
  }

  async decide(decision: TQueueDecision, historyId: number): Promise<TQueueItem> {
    // Stopping a trigger that extended an effect stops that effect: the extension has no stop of its own.
    const target = decision === 'stop' ? await effectIdOf(this.deps.db.kysely, historyId) : historyId;
    return applyDecision(this.decisions, decision, target);
  }

  /** An admin's refund by hand: its unsent deliveries are cancelled with it (refundByHand). */
  refund(historyId: number, reason: string): Promise<void> {
    return refundByHand(this.decisions, historyId, reason);
  }

  /** 'Stop all running': every running effect's stop goes out now. */
  async stopAll(): Promise<{ stopped: number }> {
    let stopped = 0;
    for (const historyId of await listRunningEffects(this.deps.db.kysely)) {
      await applyDecision(this.decisions, 'stop', historyId).then(
        () => {
          stopped += 1;
        },
        (error: unknown) => {
          // Ended meanwhile: nothing left to stop.
          if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
        },
      );
    }
    return { stopped };
  }

  async setHold(held: boolean): Promise<{ held: boolean }> {
    await writeQueueHeld(this.deps.db.kysely, held, this.deps.now());
    this.notifier.changed([]);
    if (!held) this.deps.worker.wake();
    return { held };
  }

  /** Run by the worker when owed (its queueSweep): approvals that ran out expire; free groups get their next trigger. */
  async sweep(): Promise<{ held: boolean }> {
    const { db, now, log } = this.deps;
    for (const historyId of await findExpiredApprovals(db.kysely, now(), EXPIRE_BATCH)) {
      await applyDecision(this.decisions, 'expire', historyId).catch((error: unknown) => {
        // Decided meanwhile (approved or rejected a moment before): nothing left to expire.
        if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
      });
    }
    const held = await readQueueHeld(db.kysely);
    if (held) return { held };
    await freeGroupsOfEndedTriggers(db.kysely, now());
    for (const head of await findGroupHeads(db.kysely)) {
      const started = await transactionWithRetry(db, async (tx) => {
        const at = now();
        if (!(await takeQueueGroup(tx, head.queueGroup, head.historyId, at))) return false;
        if ((await releaseWaitingDeliveries(tx, head.historyId, at)) === 0) throw new HeadGone();
        return true;
      }).catch((error: unknown) => {
        if (error instanceof HeadGone) return false;
        throw error;
      });
      if (started) {
        log.debug({ historyId: head.historyId, queueGroup: head.queueGroup }, 'queue group started its next trigger');
        this.notifier.changed([head.historyId]);
      }
    }
    return { held };
  }
}
