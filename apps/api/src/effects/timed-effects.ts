import {
  type ActionHistoryRow,
  type ClaimedDelivery,
  type DeliveryOutcome,
  type Executor,
  findHistory,
  finishDelivery,
  finishEffectIfDone,
  listExtensions,
  lockHistoryForSettlement,
  releaseQueueGroup,
  startEffect,
} from '@shop/db';
import type { TEffectState } from '@shop/domain';
import type { EffectHooks, KnownTrigger, Recorded, TimedEffect } from '../delivery/outcome';
import { type ReceiptDeps, sendReceipt } from '../delivery/receipts';

/**
 * Timed effects' part of recording a delivery's outcome, which the composition root (services.ts)
 * hands to delivery: each runs inside the outcome's transaction, at the point recordInTransaction
 * reaches it, so the locks keep their order.
 */
export const timedEffectHooks: EffectHooks = {
  startEffect: startEffectOf,
  recordStop,
  announceEffectEnd,
};

/**
 * A start that was delivered, of a timed trigger: the effect runs, and this endpoint gets its stop,
 * due when the effect ends (the first delivered start decides when).
 */
export async function startEffectOf(
  tx: Executor,
  delivery: ClaimedDelivery,
  now: number,
  known?: KnownTrigger,
  timed?: TimedEffect | null,
): Promise<{ started: number } | undefined> {
  if (delivery.is_resend === 1 || timed === null) return undefined;
  // Instant actions (nearly all) are known to be so from the send: no read.
  if (known && known.history.duration_seconds === 0) return undefined;
  let effect = timed;
  if (!effect) {
    const history = known?.history.stop_command != null ? known.history : await findHistory(tx, delivery.history_id);
    if (!history || history.duration_seconds === 0 || history.stop_command === null) return undefined;
    effect = { durationSeconds: history.duration_seconds, stopCommand: history.stop_command };
  }
  const started = await startEffect(tx, {
    historyId: delivery.history_id,
    endpointId: delivery.endpoint_id,
    stopCommand: effect.stopCommand,
    durationSeconds: effect.durationSeconds,
    now,
  });
  return { started };
}

/**
 * A stop's outcome: recorded like a resend (no money moves, the trigger stays delivered); once none
 * of the trigger's stops is on its way, the effect is over and its queue group free.
 */
export async function recordStop(tx: Executor, delivery: ClaimedDelivery, outcome: DeliveryOutcome): Promise<Recorded> {
  if (outcome.status !== 'queued') await lockHistoryForSettlement(tx, delivery.history_id);
  if (!(await finishDelivery(tx, delivery.id, delivery.lease_token, outcome))) return { held: false, settlement: null };
  if (outcome.status === 'queued') return { held: true, settlement: null };
  const ended = await finishEffectIfDone(tx, delivery.history_id);
  if (ended === null) return { held: true, settlement: null };
  await releaseQueueGroup(tx, delivery.history_id, outcome.now);
  const history = await findHistory(tx, delivery.history_id);
  return { held: true, settlement: null, ...(history && { effect: { ended, history } }) };
}

/**
 * A timed effect ended (its stops were sent, or one failed for good): the viewer's trigger is
 * delivered. A failed stop is the streamer's to see (the queue keeps it), not a refund: the effect ran.
 */
export async function announceEffectEnd(
  services: ReceiptDeps,
  history: ActionHistoryRow,
  ended: TEffectState,
): Promise<void> {
  if (ended === 'stop_failed') {
    services.log.warn(
      { historyId: history.id },
      'the stop of a timed effect failed; the streamer sees it in the queue',
    );
  }
  sendReceipt(services, history, { status: 'delivered', attempt: 0 });
  for (const extension of await listExtensions(services.db.kysely, history.id)) {
    sendReceipt(services, { ...extension, is_test: 0 }, { status: 'delivered', attempt: 0 });
  }
}
