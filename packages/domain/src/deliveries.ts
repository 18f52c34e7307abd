import { z } from 'zod';

export const DELIVERY_STATUSES = ['queued', 'in_flight', 'delivered', 'failed'] as const;
export type TDeliveryStatus = (typeof DELIVERY_STATUSES)[number];

/** After the first, immediate attempt: retry after 2 s, 10 s and 60 s, then give up. */
export const RETRY_DELAYS_MS = [2_000, 10_000, 60_000] as const;
export const MAX_DELIVERY_ATTEMPTS = 1 + RETRY_DELAYS_MS.length;

/** Milliseconds until the next attempt, or null when the delivery has failed for good. */
export function nextAttemptDelay(attemptsMade: number, retryable: boolean): number | null {
  if (!retryable) return null;
  return RETRY_DELAYS_MS[attemptsMade - 1] ?? null;
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
  /** The admin list only: the latest resend's outcome, null when it was never resent. */
  lastResend?: TResendOutcome | null;
}

/** Resend is a new attempt of a settled trigger: not while it is still on its way, never for a test. */
export function canResend(flags: THistoryFlags): boolean {
  return !flags.isTest && (flags.success !== null || flags.refunded);
}

export interface TLeaderboardEntry {
  userId: number;
  username: string;
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

/** What /ws sends (viewer-spec section 3), plus status updates for the viewer who paid. */
export type TRealtimeMessage =
  | {
      type: 'action_triggered' | 'action_tested';
      action: { name: string; cost: number };
      user: { username: string };
      timestamp: string;
      success: boolean;
    }
  | {
      type: 'action_status';
      historyId: number;
      userId: number;
      action: { name: string; cost: number };
      status: 'delivered' | 'failed' | 'refunded';
      timestamp: string;
    };
