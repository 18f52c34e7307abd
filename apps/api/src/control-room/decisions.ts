import {
  cancelUnsentDeliveries,
  clearApprovalMark,
  type DecisionRow,
  type Executor,
  endWithMark,
  findUserById,
  lockForDecision,
  moveToFront,
  readForDecision,
  readQueueHeld,
  releaseQueueGroup,
  releaseWaitingDeliveries,
  retryDeliveriesNow,
  settleHistory,
  stopEffectNow,
  transactionWithRetry,
} from '@shop/db';
import {
  AppError,
  allowedDecisions,
  refusedDecisionMessage,
  type TQueueDecision,
  type TQueueItem,
  type TTriggerState,
} from '@shop/domain';
import type { ReceiptDeps } from '../delivery/receipts';
import { announceRefund, type RefundedEnd, type RefundHooks, refundInTransaction } from '../delivery/refund';
import { openStateOf } from './open-state';
import type { QueueNotifier } from './queue-notifier';
import { readQueue } from './queue-view';

export interface DecisionDeps extends ReceiptDeps {
  worker: { wake(): void; force(historyId: number): void };
  notifier: Pick<QueueNotifier, 'changed'>;
  laneConcurrency: number;
  /** What the features add to a refund (the economy's stock). */
  refundHooks: RefundHooks;
}

/** A decision of the streamer's, or the approval's clock running out. */
export type QueueAct = TQueueDecision | 'expire';

const ENDS: Record<'reject' | 'skip' | 'expire', { end: Exclude<RefundedEnd, 'refunded'>; reason: string }> = {
  reject: { end: 'rejected', reason: 'rejected by the streamer' },
  skip: { end: 'skipped', reason: 'skipped by the streamer' },
  expire: { end: 'expired', reason: 'approval not given in time' },
};

interface Decided {
  row: DecisionRow;
  /** Set when this call ended the trigger with a refund. */
  refunded: RefundedEnd | null;
  /** The approval had run out before the streamer's approve arrived: expired instead. */
  expiredInstead: boolean;
  attempts: number;
  forceSend: boolean;
  /** Approved: every viewer hears of it now, not when it was made. */
  approved?: boolean;
}

/** Why an admin's refund waits: the send under way decides whether the trigger was delivered. */
export const REFUND_WHILE_SENDING = 'This trigger cannot be refunded: a delivery is being sent';

function stateNow(
  row: DecisionRow,
  deliveries: { status: string; attempts: number; held_since: number | null }[],
  held: boolean,
): TTriggerState {
  return openStateOf({
    refunded: row.refunded === 1,
    success: row.success === null ? null : row.success === 1,
    mark: row.queue_state,
    queueHeld: held,
    inFlight: deliveries.filter((d) => d.status === 'in_flight').length,
    retrying: deliveries.filter((d) => d.status === 'queued' && d.attempts > 0).length,
    effect: row.effect_state === 'stop_failed' ? 'running' : row.effect_state,
    waitingForTarget: deliveries.filter((d) => d.status === 'queued' && d.held_since !== null).length,
    onItsWay: deliveries.filter((d) => d.status === 'waiting' || d.status === 'queued' || d.status === 'in_flight')
      .length,
  });
}

/**
 * One decision on one trigger, in one transaction under the trigger's row lock: of two decisions
 * racing (two admins, a click against the clock, a skip against the worker's claim) the first to
 * take the lock decides, and the other finds the trigger in its new state and is refused (409).
 * A refunded end cancels the unsent deliveries, marks the trigger, and writes its refund (one ledger
 * row, unique per trigger) in that same transaction.
 */
export async function applyDecision(deps: DecisionDeps, act: QueueAct, historyId: number): Promise<TQueueItem> {
  const { db, now } = deps;
  const decided = await transactionWithRetry(db, async (tx): Promise<Decided> => {
    const at = now();
    const found = await lockForDecision(tx, historyId);
    if (!found || found.row.is_test === 1) throw new AppError('NOT_FOUND', 'Trigger not found');
    const { row, deliveries } = found;
    const held = await readQueueHeld(tx);
    const state = stateNow(row, deliveries, held);
    const attempts = Math.max(0, ...deliveries.map((d) => d.attempts));
    const base = { row, attempts, refunded: null, expiredInstead: false, forceSend: false };
    const overdue = state === 'awaiting_approval' && row.approval_expires_at !== null && row.approval_expires_at <= at;
    let kind: QueueAct = act;
    if (act === 'expire') {
      if (state !== 'awaiting_approval' || !overdue) throw new AppError('CONFLICT', 'This approval has not run out');
    } else if (!allowedDecisions(state).includes(act)) {
      throw new AppError('CONFLICT', refusedDecisionMessage(act, state));
    } else if (overdue) {
      // Its time ran out before the sweep came round: it ends as expired, whatever was clicked.
      kind = 'expire';
    }
    switch (kind) {
      case 'approve':
        await clearApprovalMark(tx, historyId);
        // A grouped trigger waits for its group's turn; the others go to the worker now.
        if (row.queue_group === null) await releaseWaitingDeliveries(tx, historyId, at);
        return { ...base, approved: true };
      case 'front':
        await moveToFront(tx, historyId, row.queue_group);
        return base;
      case 'stop':
        await stopEffectNow(tx, historyId, at);
        // Stops go out even while the queue is held: ending an effect sends no new trigger.
        return { ...base, forceSend: true };
      case 'retry': {
        if (deliveries.some((d) => d.status === 'waiting')) {
          throw new AppError('CONFLICT', 'This trigger waits for its turn in its queue group');
        }
        await retryDeliveriesNow(tx, historyId, at);
        return { ...base, forceSend: state === 'held' };
      }
      case 'skip':
        if (row.success === 1) {
          // Delivered to one target, still on its way to another: the rest is not sent, nothing is
          // refunded, and its group is free once nothing of it is left on its way.
          await cancelUnsentDeliveries(tx, historyId, at);
          await releaseQueueGroup(tx, historyId, at);
          return base;
        }
        return endRefunded(tx, deps.refundHooks, base, kind, act, state, at);
      case 'reject':
      case 'expire':
        return endRefunded(tx, deps.refundHooks, base, kind, act, state, at);
    }
  });

  const { row } = decided;
  if (decided.refunded) announceRefund(deps, row, ENDS_BY_END[decided.refunded], decided.attempts, decided.refunded);
  if (decided.approved) announceApproved(deps, row);
  if (decided.forceSend) deps.worker.force(historyId);
  else deps.worker.wake();
  deps.notifier.changed([historyId]);
  if (decided.expiredInstead) {
    throw new AppError('CONFLICT', 'The approval had already expired: the coins went back to the viewer');
  }
  return itemNow(deps, row);
}

/** A refunded end (rejected, skipped, expired): its unsent deliveries cancelled, the mark, the refund. */
async function endRefunded(
  tx: Executor,
  hooks: RefundHooks,
  base: Decided,
  kind: 'reject' | 'skip' | 'expire',
  act: QueueAct,
  state: TTriggerState,
  at: number,
): Promise<Decided> {
  const { row } = base;
  const { end, reason } = ENDS[kind];
  await cancelUnsentDeliveries(tx, row.id, at);
  if (!(await endWithMark(tx, row.id, end))) {
    throw new AppError('CONFLICT', refusedDecisionMessage(act === 'expire' ? 'reject' : act, state));
  }
  const refunded = await refundInTransaction(tx, hooks, row, reason, at);
  await releaseQueueGroup(tx, row.id, at);
  return { ...base, refunded: refunded ? end : null, expiredInstead: act !== 'expire' && kind === 'expire' };
}

/**
 * An admin's refund by hand (the history's Refund), under the trigger's row lock like any decision.
 * Its deliveries not yet sent are cancelled with it, so a refunded trigger is never sent afterwards;
 * while one is being sent it is refused (that send decides whether it was delivered: refund it once
 * it is done). A delivered trigger may be refunded too; a started effect's stop still goes out, and
 * its queue group is freed once nothing of it is on its way.
 */
export async function refundByHand(deps: DecisionDeps, historyId: number, reason: string): Promise<void> {
  const { db, now } = deps;
  const refunded = await transactionWithRetry(db, async (tx) => {
    const at = now();
    const found = await lockForDecision(tx, historyId);
    if (!found) throw new AppError('NOT_FOUND', 'Action history record not found');
    const { row, deliveries } = found;
    if (row.is_test === 1) throw new AppError('CONFLICT', 'A test cannot be refunded');
    if (row.refunded === 1) throw new AppError('CONFLICT', 'This action was already refunded');
    if (deliveries.some((d) => d.status === 'in_flight')) throw new AppError('CONFLICT', REFUND_WHILE_SENDING);
    await cancelUnsentDeliveries(tx, historyId, at);
    // Not yet settled: it ends as not delivered (a delivered one stays delivered). An approval it
    // awaited keeps its mark, so the public feed still knows it was never approved.
    await settleHistory(tx, historyId, false);
    if (!(await refundInTransaction(tx, deps.refundHooks, row, reason, at))) {
      throw new AppError('CONFLICT', 'This action was already refunded');
    }
    await releaseQueueGroup(tx, historyId, at);
    return { row, attempts: Math.max(0, ...deliveries.map((d) => d.attempts)) };
  });
  announceRefund(deps, refunded.row, reason, refunded.attempts);
  deps.worker.wake();
  deps.notifier.changed([historyId]);
}

/** Approved: every viewer hears of it now ('Action triggered'), as of a trigger that needs no approval when made. */
function announceApproved(deps: DecisionDeps, row: DecisionRow): void {
  void findUserById(deps.db.kysely, row.user_id).then(
    (user) =>
      deps.realtime.broadcast({
        type: 'action_triggered',
        action: { name: row.action_name, cost: row.cost },
        user: { username: user?.username ?? '', displayName: user?.display_name || null },
        timestamp: new Date(deps.now()).toISOString(),
        success: true,
      }),
    (error: unknown) => deps.log.warn({ err: error, historyId: row.id }, 'approved trigger could not be announced'),
  );
}

const ENDS_BY_END: Record<RefundedEnd, string> = {
  rejected: ENDS.reject.reason,
  skipped: ENDS.skip.reason,
  expired: ENDS.expire.reason,
  refunded: 'refunded',
};

/** The trigger as it is now: from the queue while it is open, else its end. */
async function itemNow(deps: DecisionDeps, row: DecisionRow): Promise<TQueueItem> {
  const queue = await readQueue(deps.db, { now: deps.now(), laneConcurrency: deps.laneConcurrency }, row.user_id);
  const open = queue.items.find((item) => item.historyId === row.id);
  if (open) return open;
  const [found, user] = await Promise.all([
    readForDecision(deps.db.kysely, row.id),
    findUserById(deps.db.kysely, row.user_id),
  ]);
  const ended = found?.row ?? row;
  return {
    historyId: row.id,
    actionId: row.action_id,
    actionName: row.action_name,
    userId: row.user_id,
    username: user?.username ?? '',
    displayName: user?.display_name ?? null,
    cost: row.cost,
    state: stateNow(ended, found?.deliveries ?? [], false),
    queueGroup: row.queue_group,
    position: null,
    enqueuedAt: new Date(Number(row.created_at)).toISOString(),
    eta: null,
    approvalExpiresAt: null,
    attempt: Math.max(0, ...(found?.deliveries ?? []).map((d) => d.attempts)),
    nextAttemptAt: null,
    endsAt: null,
    stopFailed: false,
    waitingFor: null,
  };
}
