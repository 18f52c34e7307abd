import {
  type ActionHistoryRow,
  type ClaimedDelivery,
  type DeliveryOutcome,
  type Executor,
  findHistory,
  finishDelivery,
  listDeliveryStatuses,
  lockHistoryForSettlement,
  releaseQueueGroup,
  settleHistory,
} from '@shop/db';
import type { DeliveryResult } from '@shop/dispatch';
import { holdRetryAt, nextAttemptDelay, type TEffectState, triggerOutcome } from '@shop/domain';
import { type ReceiptDeps, sendReceipt } from './receipts';
import { announceRefund, type RefundHooks, refundInTransaction } from './refund';

/** What an attempt's result means for the row: delivered, another try later, or failed for good. */
export function outcomeOf(
  result: DeliveryResult,
  attempts: number,
  now: number,
  retryDelaysMs?: readonly number[],
  hold?: { holdMaxSeconds: number; heldSince: number | null } | null,
): DeliveryOutcome {
  if (result.ok) return { status: 'delivered', response: result.response, attempts, now };
  if (hold && result.unreachable) {
    // The game server is away (restarting, a wipe): wait for it without burning the retries.
    const heldSince = hold.heldSince ?? now;
    const retryAt = holdRetryAt(heldSince, now, hold.holdMaxSeconds);
    if (retryAt !== null) {
      return { status: 'queued', error: result.error, attempts: attempts - 1, nextAttemptAt: retryAt, now, heldSince };
    }
    return { status: 'failed', error: `${result.error} (waited ${hold.holdMaxSeconds} s for it)`, attempts, now };
  }
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

/** A timed trigger's effect, as its send knew it (null: an instant action; absent: read it back). */
export interface TimedEffect {
  durationSeconds: number;
  stopCommand: string;
}

/**
 * What timed effects add to an outcome, inside its transaction, and after it: the composition root
 * passes the effects' in (effects/timed-effects.ts), so delivery never imports the feature.
 */
export interface EffectHooks {
  /**
   * A start was delivered: a timed trigger's effect runs and this endpoint gets its stop. When it
   * started, or undefined for an instant action or a resend.
   */
  startEffect(
    tx: Executor,
    delivery: ClaimedDelivery,
    now: number,
    known?: KnownTrigger,
    timed?: TimedEffect | null,
  ): Promise<{ started: number } | undefined>;
  /** A stop's whole outcome write: its fenced finish, and the effect's end once its last stop is done. */
  recordStop(tx: Executor, delivery: ClaimedDelivery, outcome: DeliveryOutcome): Promise<Recorded>;
  /** After the commit: the receipts of an effect that ended. */
  announceEffectEnd(services: ReceiptDeps, history: ActionHistoryRow, ended: TEffectState): Promise<void>;
}

/** Every feature's part of recording an outcome: the refund's (a failed trigger) and the effects'. */
export interface OutcomeHooks extends RefundHooks, EffectHooks {}

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
  /** A timed effect this outcome started (when it ends), or ended (how). */
  effect?: { started: number } | { ended: TEffectState; history: ActionHistoryRow };
  /** The trigger was settled before; this was the last of it on its way, and its queue group is free. */
  groupFreed?: boolean;
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
  hooks: OutcomeHooks,
  delivery: ClaimedDelivery,
  outcome: DeliveryOutcome,
  known?: KnownTrigger,
  timed?: TimedEffect | null,
): Promise<Recorded> {
  if (delivery.kind === 'stop') return hooks.recordStop(tx, delivery, outcome);
  const settles = delivery.is_resend === 0 && outcome.status !== 'queued';
  // A trigger's only delivery settles it by its own outcome: no sibling can finish at the same
  // moment, so neither the lock nor the read of the siblings' statuses is needed.
  const sole = settles && known?.deliveries === 1;
  if (settles && !sole) await lockHistoryForSettlement(tx, delivery.history_id);
  if (!(await finishDelivery(tx, delivery.id, delivery.lease_token, outcome))) return { held: false, settlement: null };
  const effect =
    outcome.status === 'delivered' ? await hooks.startEffect(tx, delivery, outcome.now, known, timed) : undefined;
  if (!settles) return { held: true, settlement: null, ...(effect && { effect }) };
  const result = sole
    ? triggerOutcome([outcome.status])
    : triggerOutcome(await listDeliveryStatuses(tx, delivery.history_id));
  if (result === 'pending') return { held: true, settlement: null, ...(effect && { effect }) };
  const settlement = await settleInTransaction(tx, hooks, delivery.history_id, result, outcome.now, known);
  // Settled by an earlier target: its queue group waited for this one too (a trigger known to be
  // ungrouped has none to free).
  const groupFreed =
    settlement === null &&
    known?.history.queue_group !== null &&
    (await releaseQueueGroup(tx, delivery.history_id, outcome.now));
  return { held: true, settlement, ...(groupFreed && { groupFreed }), ...(effect && { effect }) };
}

/** Marks a trigger delivered or failed once, refunding a failed one; null when another writer settled it first. */
async function settleInTransaction(
  tx: Executor,
  hooks: RefundHooks,
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
  // Its queue group (if it held one) is free for the next trigger once the gap has passed and
  // nothing of it is on its way: another target's retry, or a started effect's stop (recordStop).
  if (history.queue_group !== null) await releaseQueueGroup(tx, historyId, now);
  const refunded = !success && (await refundInTransaction(tx, hooks, history, 'every delivery failed', now));
  return { history, success, refunded };
}

/**
 * The settlement sweep's step for one trigger: under its row lock, reads its deliveries' statuses as
 * committed now and settles it if they have all ended. Null when it is still pending or already settled.
 */
export async function settleStrandedInTransaction(
  tx: Executor,
  hooks: RefundHooks,
  historyId: number,
  now: number,
): Promise<Settlement | null> {
  await lockHistoryForSettlement(tx, historyId);
  const result = triggerOutcome(await listDeliveryStatuses(tx, historyId));
  if (result === 'pending') return null;
  return settleInTransaction(tx, hooks, historyId, result, now);
}

/** After the commit: the viewer's receipt (or the admins' test result) for a settled trigger. */
export function announceSettlement(
  services: ReceiptDeps,
  settlement: Settlement,
  testedBy: { username: string; displayName: string | null } | null,
  outcome: DeliveryOutcome,
  /** When the timed effect this delivery started ends: the trigger is running, not yet delivered. */
  effectEndsAt: number | null = null,
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
  if (success && effectEndsAt !== null) {
    sendReceipt(services, history, { status: 'running', attempt: outcome.attempts, endsAt: effectEndsAt });
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
