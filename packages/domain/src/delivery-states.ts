// No zod here: the web app's pages that show a delivery's state load none.

/** The status of one delivery row (one target of one trigger). */
export const DELIVERY_STATUSES = ['queued', 'in_flight', 'delivered', 'failed'] as const;
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
  return deliveries.some((d) => d.status === 'queued' || d.status === 'in_flight');
}

/** Where a delivery of a trigger stands, for the viewer's history and the dashboard. */
export const DELIVERY_STATES = ['queued', 'retrying', 'delivered', 'refunded', 'failed', 'test'] as const;
export type TDeliveryState = (typeof DELIVERY_STATES)[number];

/**
 * The delivery state a viewer reads: refunded and test first (they are final whatever the
 * deliveries say), then the settled outcome, then, while pending, whether a try already failed.
 */
export function deliveryStateOf(
  flags: { refunded: boolean; isTest: boolean; success: boolean | null },
  retrying: boolean,
): TDeliveryState {
  if (flags.refunded) return 'refunded';
  if (flags.isTest) return 'test';
  if (flags.success === true) return 'delivered';
  if (flags.success === false) return 'failed';
  return retrying ? 'retrying' : 'queued';
}

/** On an 'action' row of the viewer's ledger: where that trigger's delivery stands. */
export interface TTransactionDelivery {
  historyId: number;
  state: TDeliveryState;
  attempts: number;
  maxAttempts: number;
}
