import type { TReceiptStatus } from './receipt-status';
import type { TShopPauseReason } from './shop-pause';

// What the sockets carry: /ws to viewers and admins, /ws/overlay to the stream overlay.

/** A public feed event (viewer-spec section 3): `username` is the login name, `displayName` what to show. */
export interface TPublicActionEvent {
  type: 'action_triggered' | 'action_tested';
  action: { name: string; cost: number };
  user: { username: string; displayName: string | null };
  timestamp: string;
  success: boolean;
  /**
   * Set on the backlog a new socket receives first: the event happened before this connection, so a
   * page lists it but does not announce it as news.
   */
  replay?: true;
}

/**
 * A receipt for the viewer who paid: each step of their trigger's delivery. Sent to that viewer's
 * signed-in sockets only; `userId` routes it on the server and is removed before it is sent.
 */
export interface TActionStatusMessage {
  type: 'action_status';
  historyId: number;
  userId?: number;
  actionName: string;
  status: TReceiptStatus;
  /** Attempts made so far (0 while queued). */
  attempt: number;
  maxAttempts: number;
  /** While retrying: when the next attempt is due. */
  nextAttemptAt: string | null;
  /** While retrying or failed: fixed wording for the viewer, never the target's own reply; null otherwise. */
  message: string | null;
  /** On a refunded end (refunded, rejected, expired, skipped): the coins given back and the balance after. */
  refundedCoins?: number;
  balance?: number;
  /** While it waits in line: its 1-based place, and when it is expected to be sent (an estimate). */
  position?: number | null;
  eta?: string | null;
  /** While awaiting approval: when it expires unless the streamer decides. */
  approvalExpiresAt?: string | null;
  /** While a timed effect runs: when it ends. */
  endsAt?: string | null;
  /** While held for a target that does not answer: what it waits for ('the game server'). */
  waitingFor?: string | null;
  /** What it cost: the words of a refunded end name the coins. */
  cost?: number;
  timestamp: string;
}

/** To admins' sockets only: the control room's queue changed; the Queue page reads it again. */
export interface TQueueChangedMessage {
  type: 'queue_changed';
  /** The triggers whose state or place changed (empty: the whole queue, as after a hold). */
  historyIds: number[];
  /** Whether the queue is held, when this change read it; absent when it did not. */
  held?: boolean;
  timestamp: string;
}

/** What /ws sends (viewer-spec section 3), plus receipts for the viewer who paid and the pause switch. */
export type TRealtimeMessage =
  | TPublicActionEvent
  | TActionStatusMessage
  | TBalanceChangedMessage
  | TQueueChangedMessage
  | TPoolProgressMessage
  | { type: 'shop_status'; paused: boolean; reason: TShopPauseReason | null };

/**
 * To everyone: a crowd goal moved (opened, a contribution, fired, or expired short of its goal).
 * Public figures only: who put in how much stays with each contributor's own ledger.
 */
export interface TPoolProgressMessage {
  type: 'pool_progress';
  actionId: number;
  actionName: string;
  goal: number;
  raised: number;
  contributors: number;
  endsAt: string;
  state: 'open' | 'fired' | 'expired';
}

/**
 * Coins arrived without the viewer asking (a watch-time reward, a channel-point conversion, another
 * viewer's gift): sent to that viewer's signed-in sockets only, so the balance pill can update.
 * `userId` routes it and is removed before it is sent.
 */
export interface TBalanceChangedMessage {
  type: 'balance_changed';
  userId?: number;
  balance: number;
  /** The coins added and why. */
  amount: number;
  reason: 'reward' | 'conversion' | 'gift';
  /** A gift: who gave it (display name, else login name) and their note, if any. */
  from?: string;
  message?: string | null;
  timestamp: string;
}

/** The overlay socket (`/ws/overlay?token=`): an alert to show, and the overlay's acknowledgement. */
export interface TOverlayAlert {
  type: 'overlay_alert';
  alertId: string;
  /** Display name, else login name. */
  viewer: string;
  actionName: string;
  imageUrl: string | null;
  cost: number;
  /** A timed effect: its start (the overlay counts it down) or its stop (the countdown ends early). */
  effect?: { event: 'started' | 'stopped'; durationSeconds: number; triggerId: number | null };
  timestamp: string;
}
/**
 * The overlay socket, to overlays whose endpoint has 'Show "Up next"' on: the next triggers in line
 * (at most UP_NEXT_LIMIT, see up-next.ts), on connect and whenever the queue changes. Empty: nothing
 * waits, hide the list.
 */
export interface TOverlayUpNext {
  type: 'overlay_up_next';
  items: TOverlayUpNextItem[];
}
export interface TOverlayUpNextItem {
  actionName: string;
  /** Display name, else login name. */
  viewer: string;
}
export interface TOverlayAck {
  type: 'overlay_ack';
  alertId: string;
}
