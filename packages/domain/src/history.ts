import { type TDeliveryState, type TDeliveryStatus, type TTriggerOutcome, triggerOutcome } from './delivery-states';

// The admin's and the viewer's history of triggers. No zod here: the schemas are in history-schemas.ts.

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

/** Resend is a new attempt of a settled trigger: not while it is still on its way, never for a test. */
export function canResend(flags: THistoryFlags): boolean {
  return !flags.isTest && (flags.success !== null || flags.refunded);
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

/** The panel's status filter: the same five states historyStatus shows. */
export const HISTORY_STATUS_FILTERS = ['refunded', 'test', 'success', 'failed', 'pending'] as const;
export type THistoryStatusFilter = (typeof HISTORY_STATUS_FILTERS)[number];

export const HISTORY_PAGE_DEFAULT = 50;
export const HISTORY_PAGE_MAX = 200;

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

/** The panel refreshes itself while something is still on its way, and stops once all settled. */
export function historyNeedsLiveUpdates(records: readonly TActionHistoryRecord[]): boolean {
  return records.some((r) => historyStatus(r) === 'Pending' || r.lastResend?.status === 'pending');
}
