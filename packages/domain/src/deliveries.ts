import { z } from 'zod';
import type { TDeliveryState, TReceiptStatus, TShopPauseReason } from './live';

export const DELIVERY_STATUSES = ['queued', 'in_flight', 'delivered', 'failed'] as const;
export type TDeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** After the first, immediate attempt: retry after 2 s, 10 s and 60 s, then give up. */
export const RETRY_DELAYS_MS = [2_000, 10_000, 60_000] as const;
export const MAX_DELIVERY_ATTEMPTS = 1 + RETRY_DELAYS_MS.length;

/**
 * Milliseconds until the next attempt, or null when the delivery has failed for good. `delays` is
 * the retry schedule (DELIVERY_RETRY_DELAYS_MS shortens it for demos and browser tests); it always
 * has RETRY_DELAYS_MS's length, so MAX_DELIVERY_ATTEMPTS holds whatever the schedule.
 */
export function nextAttemptDelay(
  attemptsMade: number,
  retryable: boolean,
  delays: readonly number[] = RETRY_DELAYS_MS,
): number | null {
  if (!retryable) return null;
  return delays[attemptsMade - 1] ?? null;
}

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

/** success: true delivered, false failed, null still on its way (or unknown). */
export interface THistoryFlags {
  refunded: boolean;
  isTest: boolean;
  success: boolean | null;
}

export type THistoryStatus = 'Refunded' | 'Test' | 'Success' | 'Pending' | 'Failed';

/** Admin history status (admin-spec section 4), with Pending while deliveries are still queued. */
export function historyStatus(flags: THistoryFlags): THistoryStatus {
  if (flags.refunded) return 'Refunded';
  if (flags.isTest) return 'Test';
  if (flags.success === true) return 'Success';
  if (flags.success === null) return 'Pending';
  return 'Failed';
}

export function canRefund(flags: THistoryFlags): boolean {
  return !flags.refunded && !flags.isTest;
}

/**
 * What an admin's latest resend of a trigger did (the resend's own outcome; the trigger's status
 * and money never change with it). `error` lists the targets' errors when any failed.
 */
export interface TResendOutcome {
  status: TTriggerOutcome;
  error: string | null;
  /** When the last of its deliveries changed. */
  at: string;
}

/** The outcome of one resend from its latest attempt per target. */
export function resendOutcome(
  attempts: readonly { status: TDeliveryStatus; error: string | null; updatedAt: number }[],
): TResendOutcome | null {
  if (attempts.length === 0) return null;
  const status = triggerOutcome(attempts.map((a) => a.status));
  const errors = [
    ...new Set(attempts.filter((a) => a.status !== 'delivered' && a.error).map((a) => a.error as string)),
  ];
  return {
    status,
    error: errors.length > 0 ? errors.join('; ') : null,
    at: new Date(Math.max(...attempts.map((a) => a.updatedAt))).toISOString(),
  };
}

export interface TActionHistoryRecord {
  id: number;
  timestamp: string;
  userId: number;
  username: string | null;
  actionName: string;
  cost: number;
  refunded: boolean;
  isTest: boolean;
  success: boolean | null;
  /** Where its delivery stands now (the trigger's deliveries, resends left out). */
  deliveryState: TDeliveryState;
  /** Attempts made so far: the most of any of its targets. */
  attempts: number;
  maxAttempts: number;
  /** The admin list only: the latest resend's outcome, null when it was never resent. */
  lastResend?: TResendOutcome | null;
}

/** Resend is a new attempt of a settled trigger: not while it is still on its way, never for a test. */
export function canResend(flags: THistoryFlags): boolean {
  return !flags.isTest && (flags.success !== null || flags.refunded);
}

/** The panel's status filter: the same five states historyStatus shows. */
export const HISTORY_STATUS_FILTERS = ['refunded', 'test', 'success', 'failed', 'pending'] as const;
export type THistoryStatusFilter = (typeof HISTORY_STATUS_FILTERS)[number];

export const HISTORY_PAGE_DEFAULT = 50;
export const HISTORY_PAGE_MAX = 200;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .transform((v) => v || undefined);

/**
 * `GET /api/admin/action-history?userId=&username=&actionName=&status=&cursor=&limit=`; every
 * filter is optional and they combine. actionName matches part of the name in any case; status
 * takes the panel's words in any case ('Pending' or 'pending').
 */
export const ZHistoryQuery = z
  .object({
    userId: z.coerce
      .number({ error: 'userId must be a number' })
      .int('userId must be a whole number')
      .positive()
      .optional(),
    username: optionalText(100),
    actionName: optionalText(100),
    status: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v),
      z.enum(HISTORY_STATUS_FILTERS, { error: 'status must be refunded, test, success, failed or pending' }).optional(),
    ),
    cursor: z.string().max(100).nullish(),
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int('limit must be a whole number')
      .min(1, 'limit must be at least 1')
      .max(HISTORY_PAGE_MAX, `limit must be at most ${HISTORY_PAGE_MAX}`)
      .default(HISTORY_PAGE_DEFAULT),
  })
  .prefault({});
export type THistoryQuery = z.input<typeof ZHistoryQuery>;

export interface THistoryPage {
  items: TActionHistoryRecord[];
  /** Pass back as `cursor` for the next (older) page; null when this was the last. */
  nextCursor: string | null;
}

/** One delivery of a trigger (its own or an admin's resend) as the admin detail shows it. */
export interface TDeliveryDetail {
  id: number;
  endpointId: number | null;
  /** null when the endpoint has since been deleted. */
  endpointDescription: string | null;
  /** endpointTransportLabel of the endpoint's URL (never a secret); null when it was deleted. */
  endpointLabel: string | null;
  status: TDeliveryStatus;
  attempts: number;
  lastError: string | null;
  response: string | null;
  /** While queued for a retry: when it is due. */
  nextAttemptAt: string | null;
  createdAt: string;
  updatedAt: string;
  isResend: boolean;
}

export interface THistoryDetail {
  record: TActionHistoryRecord;
  deliveries: TDeliveryDetail[];
}

/** TDeliveryDetail as the API reference documents it. */
export const ZDeliveryDetailOut = z.object({
  id: z.number().int(),
  endpointId: z.number().int().nullable(),
  endpointDescription: z.string().nullable(),
  endpointLabel: z.string().nullable().describe("e.g. 'Minecraft server at host:port'; never a secret"),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  response: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  isResend: z.boolean(),
}) satisfies z.ZodType<TDeliveryDetail>;

/** The panel refreshes itself while something is still on its way, and stops once all settled. */
export function historyNeedsLiveUpdates(records: readonly TActionHistoryRecord[]): boolean {
  return records.some((r) => historyStatus(r) === 'Pending' || r.lastResend?.status === 'pending');
}

export function deliveriesInProgress(deliveries: readonly Pick<TDeliveryDetail, 'status'>[]): boolean {
  return deliveries.some((d) => d.status === 'queued' || d.status === 'in_flight');
}

export interface TLeaderboardEntry {
  userId: number;
  /** The login name (links, /profile); show displayName when set. */
  username: string;
  displayName: string | null;
  profilePicture: string | null;
  actionCount: number;
  totalCost: number;
}

export interface TPublicProfile {
  id: number;
  username: string;
  displayName: string | null;
  profilePicture: string | null;
  createdAt: string;
  actionCount: number;
  actionHistory: {
    id: number;
    actionName: string;
    timestamp: string;
    cost: number;
    success: boolean | null;
    /** The coins came back: the profile says Refunded, and the action is not in actionCount. */
    refunded: boolean;
  }[];
}

export const ZLeaderboardQuery = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(100, 'limit must be at most 100').default(10),
});

export const ZUserIdParam = z.object({ id: z.coerce.number().int('id must be a number').min(0) });

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
  /** On refunded: the coins given back and the balance after. */
  refundedCoins?: number;
  balance?: number;
  timestamp: string;
}

/** What /ws sends (viewer-spec section 3), plus receipts for the viewer who paid and the pause switch. */
export type TRealtimeMessage =
  | TPublicActionEvent
  | TActionStatusMessage
  | TBalanceChangedMessage
  | { type: 'shop_status'; paused: boolean; reason: TShopPauseReason | null };

/**
 * Coins arrived without the viewer asking (a watch-time reward, a channel-point conversion): sent to
 * that viewer's signed-in sockets only, so the balance pill can update. `userId` routes it and is
 * removed before it is sent.
 */
export interface TBalanceChangedMessage {
  type: 'balance_changed';
  userId?: number;
  balance: number;
  /** The coins added and why. */
  amount: number;
  reason: 'reward' | 'conversion';
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
  timestamp: string;
}
export interface TOverlayAck {
  type: 'overlay_ack';
  alertId: string;
}
