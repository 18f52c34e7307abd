import type { TDeliveryState, TTransactionDelivery } from '@shop/domain';

// Blue while it waits, yellow while something needs watching, green once sent, orange for coins given back.
// The Queue page's state badges use the same colours.
export const DELIVERY_COLORS: Record<TDeliveryState, string> = {
  awaiting_approval: 'grape',
  queued: 'blue',
  held: 'indigo',
  sending: 'blue',
  retrying: 'yellow',
  running: 'teal',
  delivered: 'green',
  failed: 'red',
  refunded: 'orange',
  rejected: 'orange',
  expired: 'orange',
  skipped: 'orange',
  test: 'gray',
};

/** The badge beside an action in the viewer's history: where its delivery stands, and how many tries. */
export function deliveryLabel(delivery: TTransactionDelivery): { label: string; color: string } {
  const tries = `${delivery.attempts} of ${delivery.maxAttempts}`;
  // Nothing was tried when the coins went back before it was sent: no count to give.
  const after = (word: string) =>
    delivery.attempts === 0 ? word : `${word} after ${delivery.attempts} ${delivery.attempts === 1 ? 'try' : 'tries'}`;
  const label: Record<TDeliveryState, string> = {
    awaiting_approval: 'Awaiting approval',
    queued: 'Queued',
    held: 'Held',
    sending: 'Sending...',
    // The next try is the one after those made so far.
    retrying: `Retrying (${Math.min(delivery.attempts + 1, delivery.maxAttempts)} of ${delivery.maxAttempts})`,
    running: 'Running',
    delivered: delivery.attempts > 1 ? `Delivered (try ${tries})` : 'Delivered',
    failed: after('Failed'),
    refunded: after('Refunded'),
    // Never sent, so no tries to count: the streamer's decision (or none in time) gave the coins back.
    rejected: 'Rejected (refunded)',
    expired: 'Expired (refunded)',
    skipped: 'Skipped (refunded)',
    test: 'Test',
  };
  return { label: label[delivery.state], color: DELIVERY_COLORS[delivery.state] };
}
