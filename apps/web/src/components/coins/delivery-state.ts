import type { TDeliveryState, TTransactionDelivery } from '@shop/domain';

const COLORS: Record<TDeliveryState, string> = {
  queued: 'blue',
  retrying: 'yellow',
  delivered: 'green',
  refunded: 'orange',
  failed: 'red',
  test: 'gray',
};

/** The badge beside an action in the viewer's history: where its delivery stands, and how many tries. */
export function deliveryLabel(delivery: TTransactionDelivery): { label: string; color: string } {
  const tries = `${delivery.attempts} of ${delivery.maxAttempts}`;
  const label: Record<TDeliveryState, string> = {
    queued: 'Sending...',
    // The next try is the one after those made so far.
    retrying: `Retrying (${Math.min(delivery.attempts + 1, delivery.maxAttempts)} of ${delivery.maxAttempts})`,
    delivered: delivery.attempts > 1 ? `Delivered (try ${tries})` : 'Delivered',
    refunded: `Refunded after ${delivery.attempts} ${delivery.attempts === 1 ? 'try' : 'tries'}`,
    failed: `Failed after ${delivery.attempts} ${delivery.attempts === 1 ? 'try' : 'tries'}`,
    test: 'Test',
  };
  return { label: label[delivery.state], color: COLORS[delivery.state] };
}
