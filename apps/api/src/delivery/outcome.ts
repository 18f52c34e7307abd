import {
  type ActionHistoryRow,
  type ClaimedDelivery,
  type DeliveryOutcome,
  type DialectName,
  type Executor,
  findHistory,
  finishDelivery,
  listDeliveryStatuses,
  lockHistoryForSettlement,
  releaseQueueGroup,
  settleHistory,
} from '@shop/db';
import type { DeliveryResult } from '@shop/dispatch';
import { nextAttemptDelay, triggerOutcome } from '@shop/domain';
import { type ReceiptDeps, sendReceipt } from './receipts';
import { announceRefund, refundInTransaction } from './refund';

/** What an attempt's result means for the row: delivered, another try later, or failed for good. */
export function outcomeOf(
  result: DeliveryResult,
  attempts: number,
  now: number,
  retryDelaysMs?: readonly number[],
): DeliveryOutcome {
  if (result.ok) return { status: 'delivered', response: result.response, attempts, now };
  const delay = nextAttemptDelay(attempts, result.retryable, retryDelaysMs);
  return delay === null
    ? { status: 'failed', error: result.error, attempts, now }
    : { status: 'queued', error: result.error, attempts, nextAttemptAt: now + delay, now };
}

/** What the trigger that inserted a delivery knows of it (a hand-off): its row as written, and how many deliveries it queued. */
export interface KnownTrigger {
  history: ActionHistoryRow;
  deliveries: number;
}

/** A trigger whose fate this call decided. */
export interface Settlement {
  history: ActionHistoryRow;
  success: boolean;
  refunded: boolean;
}

export interface Recorded {
  /** False: the lease was no longer ours, nothing was written. */
  held: boolean;
  settlement: Settlement | null;
}

/**
 * The fenced outcome write and, when that was the trigger's last open delivery, its settlement (and
 * the refund when every target failed), inside the caller's transaction: together or not at all, so
 * a crash can never leave a trigger whose deliveries all failed but that nobody refunds. Resend rows
 * record their outcome only: they never settle the trigger or move money. The recorder
 * (outcome-recorder.ts) runs several of these in one transaction.
 */
export async function recordInTransaction(
  tx: Executor,
  dialect: DialectName,
  delivery: ClaimedDelivery,
  outcome: DeliveryOutcome,
  known?: KnownTrigger,
): Promise<Recorded> {
  const settles = delivery.is_resend === 0 && outcome.status !== 'queued';
  // A trigger's only delivery settles it by its own outcome: no sibling can finish at the same
  // moment, so neither the lock nor the read of the siblings' statuses is needed.
  const sole = settles && known?.deliveries === 1;
  if (settles && !sole) await lockHistoryForSettlement(tx, dialect, delivery.history_id);
  if (!(await finishDelivery(tx, delivery.id, delivery.lease_token, outcome))) return { held: false, settlement: null };
  if (!settles) return { held: true, settlement: null };
  const result = sole
    ? triggerOutcome([outcome.status])
    : triggerOutcome(await listDeliveryStatuses(tx, dialect, delivery.history_id));
  if (result === 'pending') return { held: true, settlement: null };
  return { held: true, settlement: await settleInTransaction(tx, delivery.history_id, result, outcome.now, known) };
}

/** Marks a trigger delivered or failed once, refunding a failed one; null when another writer settled it first. */
async function settleInTransaction(
  tx: Executor,
  historyId: number,
  result: 'delivered' | 'failed',
  now: number,
  known?: KnownTrigger,
): Promise<Settlement | null> {
  const success = result === 'delivered';
  if (!(await settleHistory(tx, historyId, success))) return null;
  // What a receipt tells of a delivered trigger never changes after its insert; a refund reads the row as it is now.
  const history = success && known ? { ...known.history, success: 1 } : await findHistory(tx, historyId);
  if (!history) return null;
  // Its queue group (if it held one) is free for the next trigger once the gap has passed.
  if (history.queue_group !== null) await releaseQueueGroup(tx, historyId, now);
  const refunded = !success && (await refundInTransaction(tx, history, 'every delivery failed', now));
  return { history, success, refunded };
}

/**
 * The settlement sweep's step for one trigger: under its row lock, reads its deliveries' statuses as
 * committed now and settles it if they have all ended. Null when it is still pending or already settled.
 */
export async function settleStrandedInTransaction(
  tx: Executor,
  dialect: DialectName,
  historyId: number,
  now: number,
): Promise<Settlement | null> {
  await lockHistoryForSettlement(tx, dialect, historyId);
  const result = triggerOutcome(await listDeliveryStatuses(tx, dialect, historyId));
  if (result === 'pending') return null;
  return settleInTransaction(tx, historyId, result, now);
}

/** After the commit: the viewer's receipt (or the admins' test result) for a settled trigger. */
export function announceSettlement(
  services: ReceiptDeps,
  settlement: Settlement,
  testedBy: { username: string; displayName: string | null } | null,
  outcome: DeliveryOutcome,
): void {
  const { history, success } = settlement;
  if (history.is_test === 1) {
    services.realtime.broadcast({
      type: 'action_tested',
      action: { name: history.action_name, cost: 0 },
      user: testedBy ?? { username: 'admin', displayName: null },
      timestamp: new Date(services.now()).toISOString(),
      success,
    });
    return;
  }
  if (settlement.refunded) {
    announceRefund(services, history, 'every delivery failed', outcome.attempts);
    return;
  }
  sendReceipt(services, history, { status: success ? 'delivered' : 'failed', attempt: outcome.attempts });
}

/**
 * A try failed and another is scheduled: the viewer hears when, unless the trigger is no longer
 * pending (another target already took it, or an admin refunded it meanwhile).
 */
export async function announceRetry(
  services: Pick<ReceiptDeps, 'db' | 'realtime' | 'now'>,
  delivery: ClaimedDelivery,
  outcome: Extract<DeliveryOutcome, { status: 'queued' }>,
): Promise<void> {
  if (delivery.is_resend === 1) return;
  const history = await findHistory(services.db.kysely, delivery.history_id);
  if (!history || history.success !== null || history.refunded === 1) return;
  sendReceipt(services, history, {
    status: 'retrying',
    attempt: outcome.attempts,
    nextAttemptAt: outcome.nextAttemptAt,
  });
}
