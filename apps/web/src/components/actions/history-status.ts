import type { TDeliveryStatus, THistoryStatus, TResendOutcome } from '@shop/domain';

export const STATUS_COLORS: Record<THistoryStatus, string> = {
  Refunded: 'blue',
  Test: 'grape',
  Success: 'green',
  Pending: 'yellow',
  Failed: 'red',
};

export const RESEND_LABELS: Record<TResendOutcome['status'], { label: string; color: string }> = {
  pending: { label: 'Resending', color: 'yellow' },
  delivered: { label: 'Resent', color: 'teal' },
  failed: { label: 'Resend failed', color: 'red' },
};

export const DELIVERY_LABELS: Record<TDeliveryStatus, { label: string; color: string }> = {
  // Held back by the queue: awaiting approval, or its turn in a queue group.
  waiting: { label: 'Waiting', color: 'gray' },
  queued: { label: 'Queued', color: 'yellow' },
  in_flight: { label: 'Sending', color: 'yellow' },
  delivered: { label: 'Delivered', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
  // Rejected, skipped or expired before it was ever sent.
  cancelled: { label: 'Cancelled', color: 'orange' },
};

/** While anything is on its way the panel refetches this often (see AdminHistoryPanel). */
export const LIVE_REFRESH_MS = 2_000;
