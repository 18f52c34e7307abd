import {
  type ActionHistoryRow,
  adjustSupporterTotals,
  credit,
  type Executor,
  markHistoryRefunded,
  returnStockTakenBy,
} from '@shop/db';
import { refundPoolShares } from '../economy/pools/refund-shares';
import { type ReceiptDeps, sendRefundReceipt } from './receipts';

export type RefundedEnd = 'refunded' | 'rejected' | 'expired' | 'skipped';

/**
 * Gives a trigger's coins back inside the caller's transaction, once: the conditional flag flip and
 * the ledger row's unique reference both stop a second refund, whether it comes from the worker or
 * an admin. False when there was nothing to refund (a test, or already refunded).
 */
export async function refundInTransaction(
  tx: Executor,
  history: Pick<ActionHistoryRow, 'id' | 'user_id' | 'action_name' | 'is_test' | 'cost' | 'action_id'>,
  reason: string,
  now: number,
): Promise<boolean> {
  if (history.is_test === 1) return false;
  if (!(await markHistoryRefunded(tx, history.id))) return false;
  // Crowd goals (admin-spec section 12): a fired pool's trigger gives each contributor their own share back instead.
  if (await refundPoolShares(tx, history.id, reason, now)) return true;
  // A refunded trigger did not use its unit of stock: it is for sale again (if its sale took one).
  if (history.action_id !== null) await returnStockTakenBy(tx, history.id);
  await credit(tx, {
    userId: history.user_id,
    amount: history.cost,
    type: 'refund',
    description: `Refund: ${history.action_name} (${reason})`,
    reference: `refund:${history.id}`,
    now,
  });
  await adjustSupporterTotals(tx, history.user_id, -1, -history.cost);
  return true;
}

/** After the refund committed: the log line and the paying viewer's receipt (with the new balance). */
export function announceRefund(
  services: ReceiptDeps,
  history: Pick<ActionHistoryRow, 'id' | 'user_id' | 'action_name' | 'is_test' | 'cost'>,
  reason: string,
  attempt = 0,
  end: RefundedEnd = 'refunded',
): void {
  services.log.info({ historyId: history.id, userId: history.user_id, coins: history.cost, reason }, 'action refunded');
  sendRefundReceipt(services, history, attempt, end).catch((error: unknown) =>
    services.log.warn({ err: error, historyId: history.id }, 'refund receipt could not be sent'),
  );
}
