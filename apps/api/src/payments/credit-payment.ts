import {
  claimPaymentForCredit,
  credit,
  findPaymentByOrderId,
  isUniqueViolation,
  type PaymentRow,
  transactionWithRetry,
} from '@shop/db';
import type { TPaymentStatus } from '@shop/domain';
import type { Services } from '../services';

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
 * payment row is claimed by a conditional update and the ledger row carries the order's unique
 * reference, both in one transaction; a caller that loses the race learns how the order ended.
 * The caller has already checked the capture against the snapshot. `flagIfRefused` is the admin's
 * note, written with the credit, should the order turn out to be one that had been refused.
 */
export async function creditPayment(
  services: Services,
  payment: PaymentRow,
  captureId: string | null,
  options: { flagIfRefused?: string } = {},
): Promise<CreditResult> {
  const { db, log } = services;
  const coins = payment.coins ?? 0;
  let credited: boolean;
  try {
    credited = await transactionWithRetry(db, async (tx) => {
      const now = services.now();
      if (!(await claimPaymentForCredit(tx, payment.order_id, captureId, now, options))) return false;
      await credit(tx, {
        userId: payment.user_id,
        amount: coins,
        type: 'purchase',
        description: `Purchased ${payment.package_name ?? 'coins'}`,
        reference: creditReference(payment.order_id),
        now,
      });
      return true;
    });
  } catch (error) {
    // The reference already exists: an earlier credit committed, so this one rolled back whole.
    if (!isUniqueViolation(error)) throw error;
    credited = false;
  }
  if (credited) {
    log.info({ orderId: payment.order_id, userId: payment.user_id, coins }, 'purchase credited');
    return { kind: 'credited', coins };
  }
  const current = await findPaymentByOrderId(db.kysely, payment.order_id);
  if (!current || current.status === 'credited') return { kind: 'already_credited' };
  return { kind: 'closed', status: current.status, reason: current.failure_reason };
}
