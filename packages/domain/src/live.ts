// No zod here (see actions.ts): the schemas are in live-schemas.ts.

/** Longest cooldown an action may have: one day. */
export const MAX_COOLDOWN_SECONDS = 86_400;

/** When a cooldown that started at `lastAt` ends, or null when none is running at `now`. */
export function cooldownEndsAt(lastAt: number | null | undefined, seconds: number, now: number): number | null {
  if (seconds <= 0 || lastAt === null || lastAt === undefined) return null;
  const ends = Number(lastAt) + seconds * 1000;
  return ends > now ? ends : null;
}

export function cooldownEndsAtIso(lastAt: number | null | undefined, seconds: number, now: number): string | null {
  const ends = cooldownEndsAt(lastAt, seconds, now);
  return ends === null ? null : new Date(ends).toISOString();
}

/** Whole seconds left, rounded up: 'Try again in 0 seconds' would be a lie. */
export function secondsLeft(endsAt: number, now: number): number {
  return Math.max(1, Math.ceil((endsAt - now) / 1000));
}

export function cooldownMessage(seconds: number): string {
  return `This action is cooling down. Try again in ${seconds} ${seconds === 1 ? 'second' : 'seconds'}.`;
}

export const SHOP_PAUSED_MESSAGE = 'Actions are paused by the streamer right now.';

export type TShopPauseReason = 'manual' | 'offline';

/** `GET /api/shop-status` and the /ws `shop_status` message's fields. */
export interface TShopStatus {
  paused: boolean;
  reason: TShopPauseReason | null;
  autoPauseWhenOffline: boolean;
  /** False when Twitch is not configured: auto-pause cannot know the stream is offline, so it never pauses. */
  autoPauseAvailable: boolean;
}

/**
 * The shop is paused by hand, or automatically while auto-pause is on and the stream is known to be
 * offline. Unknown (no Twitch settings, or no status yet) never pauses: a shop must not stop
 * because of a setting nobody can see working.
 */
export function shopPause(settings: { paused: boolean; autoPauseWhenOffline: boolean }, streamLive: boolean | null) {
  if (settings.paused) return 'manual' as const;
  if (settings.autoPauseWhenOffline && streamLive === false) return 'offline' as const;
  return null;
}

/** Where a delivery of a trigger stands, for the viewer's history and the dashboard. */
export const DELIVERY_STATES = ['queued', 'retrying', 'delivered', 'refunded', 'failed', 'test'] as const;
export type TDeliveryState = (typeof DELIVERY_STATES)[number];

export { RECEIPT_STATUSES, type TReceiptStatus } from './receipt-status';

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
