import {
  type ActionHistoryRow,
  adjustSupporterTotals,
  credit,
  type Executor,
  type FundingRow,
  listFunding,
  markContributionRefunded,
  markHistoryRefunded,
} from '@shop/db';
import { type ReceiptDeps, sendRefundReceipt } from './receipts';

export type RefundedEnd = 'refunded' | 'rejected' | 'expired' | 'skipped';

type RefundedHistory = Pick<ActionHistoryRow, 'id' | 'user_id' | 'action_name' | 'is_test' | 'cost' | 'action_id'>;

/**
 * What the features add to a refund, inside its transaction: the composition root passes the
 * economy's in (a refunded trigger's unit of stock is for sale again), so delivery never reaches
 * into the features it refunds for.
 */
export interface RefundHooks {
  refunded(tx: Executor, history: RefundedHistory): Promise<void>;
}

/**
 * Gives a trigger's coins back inside the caller's transaction, once: the conditional flag flip and
 * the ledger rows' unique references both stop a second refund, whether it comes from the worker or
 * an admin. Each payment that funded it goes back to whoever made it (refundFunding). False when
 * there was nothing to refund (a test, or already refunded).
 */
export async function refundInTransaction(
  tx: Executor,
  hooks: RefundHooks,
  history: RefundedHistory,
  reason: string,
  now: number,
): Promise<boolean> {
  if (history.is_test === 1) return false;
  if (!(await markHistoryRefunded(tx, history.id))) return false;
  // The features' part first: the sale locks the action's row before the viewer's, and so does this.
  await hooks.refunded(tx, history);
  for (const funding of await listFunding(tx, history.id)) await refundFunding(tx, funding, reason, now);
  return true;
}

/**
 * One payment back, inside the caller's transaction. A crowd goal's share (admin-spec section 12)
 * goes back to its contributor, flipped once and credited under `pool-refund:<shareId>`; a viewer's
 * debit under `refund:<historyId>` (the caller flipped its trigger's flag). False when the share was
 * already given back.
 */
export async function refundFunding(tx: Executor, funding: FundingRow, reason: string, now: number): Promise<boolean> {
  if (funding.kind === 'share') {
    if (!(await markContributionRefunded(tx, funding.shareId))) return false;
    await credit(tx, {
      userId: funding.userId,
      amount: funding.coins,
      type: 'pool_refund',
      description: `Refund: ${funding.actionName} crowd goal (${reason})`,
      reference: `pool-refund:${funding.shareId}`,
      now,
    });
    // The share counted as coins spent; the trigger itself was never counted per viewer.
    await adjustSupporterTotals(tx, funding.userId, 0, -funding.coins);
    return true;
  }
  await credit(tx, {
    userId: funding.userId,
    amount: funding.coins,
    type: 'refund',
    description: `Refund: ${funding.actionName} (${reason})`,
    reference: `refund:${funding.historyId}`,
    now,
  });
  await adjustSupporterTotals(tx, funding.userId, -1, -funding.coins);
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
