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
  queued: { label: 'Queued', color: 'yellow' },
  in_flight: { label: 'Sending', color: 'yellow' },
  delivered: { label: 'Delivered', color: 'green' },
  failed: { label: 'Failed', color: 'red' },
};

/** While anything is on its way the panel refetches this often (see AdminHistoryPanel). */
export const LIVE_REFRESH_MS = 2_000;
