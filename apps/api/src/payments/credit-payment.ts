import {
  claimPaymentForCredit,
  credit,
  findPaymentByOrderId,
  insertRefundShare,
  isRefundRecorded,
  isUniqueViolation,
  lockPayment,
  markPaymentRefunded,
  type PaymentRow,
  recordRefundsBeforeCredit,
  transactionWithRetry,
} from '@shop/db';
import type { TPaymentStatus } from '@shop/domain';
import type { SettleDeps } from './deps';
import type { RefundSeen } from './paypal-client';
import { refundShare } from './take-back';

export type CreditResult =
  | { kind: 'credited'; coins: number }
  | { kind: 'already_credited' }
  /** Settled otherwise before this call: refunded or reversed at PayPal. Never credited now. */
  | { kind: 'closed'; status: TPaymentStatus; reason: string | null };

/** The ledger reference of an order's credit: one per order, whoever credits it. */
export const creditReference = (orderId: string): string => `payment:${orderId}`;

/**
 * Credits the coins the order promised when it was created (its snapshot), at most once, whoever
 * calls: the browser's capture or purchase, a webhook, or reconciliation, in any process. The
 * payment row is locked and claimed by a conditional update and the ledger row carries the order's
 * unique reference, all in one transaction; a caller that loses the race learns how the order ended.
 * The caller has already checked the capture against the snapshot. `flagIfRefused` is the admin's
 * note, written with the credit, should the order turn out to be one that had been refused.
 *
 * Money refunded at PayPal before the credit is not credited: the shares of `refunds` (those the
 * order read showed) are withheld like those of refund events that came earlier, and the credit is
 * the snapshot's coins less all of them. The rest of the money kept so ends as coins, as many as a
 * credit followed by those refunds would have left the buyer.
 */
export async function creditPayment(
  services: SettleDeps,
  payment: PaymentRow,
  captureId: string | null,
  options: { flagIfRefused?: string; refunds?: readonly RefundSeen[] } = {},
): Promise<CreditResult> {
  const { db, log } = services;
  const orderId = payment.order_id;
  let outcome: { kind: 'credited'; coins: number } | { kind: 'lost' };
  try {
    outcome = await transactionWithRetry(db, async (tx) => {
      const now = services.now();
      const row = await lockPayment(tx, orderId);
      if (!row || (row.status !== 'created' && row.status !== 'refused')) return { kind: 'lost' as const };
      const totals = { ...row };
      for (const refund of options.refunds ?? []) {
        if (await isRefundRecorded(tx, refund.id)) continue;
        const { coins, refundedCents } = refundShare(totals, refund.cents);
        await insertRefundShare(tx, {
          payment_id: row.id,
          refund_id: refund.id,
          kind: 'refund',
          cents: refund.cents,
          coins,
          created_at: now,
        });
        totals.refunded_cents = refundedCents;
        totals.coins_withheld += coins;
      }
      if (totals.coins_withheld !== row.coins_withheld || totals.refunded_cents !== row.refunded_cents) {
        await recordRefundsBeforeCredit(
          tx,
          row.id,
          { refundedCents: totals.refunded_cents, coinsWithheld: totals.coins_withheld },
          now,
        );
      }
      const promised = row.coins ?? 0;
      const withheld = totals.coins_withheld;
      const coins = promised - withheld;
      if (coins <= 0) {
        // Every coin's worth went back before the credit: nothing is kept, so nothing is credited.
        await markPaymentRefunded(tx, orderId, { reason: 'Refunded at PayPal before it was credited', captureId }, now);
        return { kind: 'lost' as const };
      }
      const claimed = await claimPaymentForCredit(tx, orderId, captureId, now, {
        flagIfRefused: options.flagIfRefused,
        reason:
          withheld > 0
            ? `Partly refunded at PayPal before it was credited: ${coins} of ${promised} coins credited`
            : undefined,
      });
      if (!claimed) return { kind: 'lost' as const };
      await credit(tx, {
        userId: row.user_id,
        amount: coins,
        type: 'purchase',
        description:
          withheld > 0
            ? `Purchased ${row.package_name ?? 'coins'} (${withheld} coins fewer: partly refunded at PayPal)`
            : `Purchased ${row.package_name ?? 'coins'}`,
        reference: creditReference(orderId),
        now,
      });
      return { kind: 'credited' as const, coins };
    });
  } catch (error) {
    // The reference already exists: an earlier credit committed, so this one rolled back whole.
    if (!isUniqueViolation(error)) throw error;
    outcome = { kind: 'lost' };
  }
  if (outcome.kind === 'credited') {
    log.info({ orderId, userId: payment.user_id, coins: outcome.coins }, 'purchase credited');
    return outcome;
  }
  const current = await findPaymentByOrderId(db.kysely, orderId);
  if (!current || current.status === 'credited') return { kind: 'already_credited' };
  return { kind: 'closed', status: current.status, reason: current.failure_reason };
}
