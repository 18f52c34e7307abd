import { type ClaimedDelivery, type ClaimFilter, claimDueDeliveries, type Db, transactionWithRetry } from '@shop/db';

/**
 * Leases due deliveries in a transaction of their own (claimDueDeliveries), run again when MySQL
 * picks it as a deadlock victim: nothing of a rolled-back claim was sent.
 */
export function claimDeliveries(
  db: Db,
  now: number,
  limit: number,
  leaseMs: number,
  filter: ClaimFilter = {},
): Promise<ClaimedDelivery[]> {
  if (filter.historyIds?.length === 0) return Promise.resolve([]);
  return transactionWithRetry(db, (tx) => claimDueDeliveries(tx, now, limit, leaseMs, filter));
}
