// No zod here: the web app's pages that show a delivery's state load none.
import type { TEffectState } from './effects';
import { type TQueueMark, TRIGGER_STATES, triggerStateOf } from './trigger-states';

/**
 * The status of one delivery row (one target of one trigger). 'waiting': not yet released to the
 * worker (its trigger awaits approval, or its turn in a queue group). 'cancelled': never sent,
 * because the streamer rejected or skipped its trigger or the approval expired.
 */
export const DELIVERY_STATUSES = ['waiting', 'queued', 'in_flight', 'delivered', 'failed', 'cancelled'] as const;
export type TDeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export type TTriggerOutcome = 'pending' | 'delivered' | 'failed';

/**
 * One trigger fans out to several targets. It succeeded once any target took it; it failed (and is
 * refunded) only when every target failed for good; otherwise it is still pending.
 */
export function triggerOutcome(statuses: readonly TDeliveryStatus[]): TTriggerOutcome {
  if (statuses.includes('delivered')) return 'delivered';
  if (statuses.length > 0 && statuses.every((s) => s === 'failed')) return 'failed';
  return 'pending';
}

export function deliveriesInProgress(deliveries: readonly { status: TDeliveryStatus }[]): boolean {
  return deliveries.some((d) => d.status === 'waiting' || d.status === 'queued' || d.status === 'in_flight');
}

/** Where a delivery of a trigger stands, for the viewer's history and the dashboard. */
export const DELIVERY_STATES = [...TRIGGER_STATES, 'test'] as const;
export type TDeliveryState = (typeof DELIVERY_STATES)[number];

/**
 * The delivery state a viewer reads: refunded and test first (they are final whatever the
 * deliveries say), then the settled outcome, then, while pending, whether a try already failed.
 */
export function deliveryStateOf(
  flags: {
    refunded: boolean;
    isTest: boolean;
    success: boolean | null;
    mark?: TQueueMark | null;
    effect?: TEffectState | null;
  },
  retrying: boolean,
): TDeliveryState {
  if (flags.isTest && !flags.refunded) return 'test';
  return triggerStateOf({
    refunded: flags.refunded,
    success: flags.success,
    mark: flags.mark ?? null,
    effect: flags.effect === 'stop_failed' ? 'running' : (flags.effect ?? null),
    queueHeld: false,
    inFlight: 0,
    retrying: retrying ? 1 : 0,
  });
}

/** On an 'action' row of the viewer's ledger: where that trigger's delivery stands. */
export interface TTransactionDelivery {
  historyId: number;
  state: TDeliveryState;
  attempts: number;
  maxAttempts: number;
}
