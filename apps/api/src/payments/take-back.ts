import {
  debit,
  insertRefundShare,
  isRefundRecorded,
  isUniqueViolation,
  lockBalance,
  lockPayment,
  markPaymentRefunded,
  type PaymentRow,
  recordRefundsBeforeCredit,
  recordTakeBack,
  transactionWithRetry,
} from '@shop/db';
import type { SettleDeps } from './deps';

export interface MoneyBack {
  kind: 'refund' | 'reversal';
  /** PayPal's id of the refund or reversal; names its share and its ledger row, one per refund of PayPal's. */
  id: string;
  /** Cents this refund returned; null when PayPal did not say. A reversal returns everything left. */
  cents: number | null;
  /**
   * Cents returned from the capture so far, counting this event (PayPal's
   * `seller_payable_breakdown.total_refunded_amount`); used only when the refund's own amount is missing.
   */
  totalCents: number | null;
}

export type TakeBackResult =
  | { kind: 'taken'; taken: number; unrecovered: number }
  /** Everything this event owes was already accounted for: a replay, or a share that rounds to no coin. */
  | { kind: 'nothing_owed' }
  /** A partial refund of an order not credited yet: its share will be left out of the credit. */
  | { kind: 'before_credit'; coins: number }
  /** The order was never credited and all of its money went back: it is closed as refunded. */
  | { kind: 'not_credited' }
  | { kind: 'unknown_order' };

type Totals = Pick<
  PaymentRow,
  'coins' | 'amount_cents' | 'refunded_cents' | 'coins_withheld' | 'coins_reclaimed' | 'coins_unrecovered'
>;

/**
 * How many of the order's coins the money returned so far stands for. Proportional to the cents
 * returned, rounded down so a partial refund never takes a coin the buyer paid for; a full refund
 * (or a reversal) stands for every coin.
 */
export function coinsOwedFor(payment: Pick<PaymentRow, 'coins' | 'amount_cents'>, returnedCents: number | null) {
  const coins = payment.coins ?? 0;
  if (returnedCents === null || returnedCents >= payment.amount_cents) return coins;
  return Math.floor((coins * Math.max(0, returnedCents)) / payment.amount_cents);
}

/**
 * The share of one more refund of `cents` (null: all that is left): what all the money returned
 * with it stands for, less the coins the refunds before it were counted for (left out of the
 * credit, taken back, or not recoverable). The shares so add up to the proportional coins of the
 * money returned, never more than the order's coins, and the refund that completes the capture
 * takes the rest whatever the rounding before it. `refundedCents` is the new running total.
 */
export function refundShare(payment: Totals, cents: number | null): { coins: number; refundedCents: number } {
  const refundedCents =
    cents === null ? payment.amount_cents : Math.min(payment.amount_cents, payment.refunded_cents + Math.max(0, cents));
  const counted = payment.coins_withheld + payment.coins_reclaimed + payment.coins_unrecovered;
  return { coins: Math.max(0, coinsOwedFor(payment, refundedCents) - counted), refundedCents };
}

/**
 * Accounts for one PayPal refund or reversal, once per refund id, in one transaction that locks the
 * payment (whose running totals decide the share) and then the balance:
 * - credited: its share of the coins is taken back with a ledger row named after the refund,
 *   min(balance, share), never below zero; the rest is recorded on the payment as unrecovered for
 *   admins to see;
 * - not credited yet: a partial refund's share is recorded as withheld, so the credit leaves it out
 *   and the rest of the money still ends as coins (the order goes on reconciliation's list now);
 *   a refund of everything closes the order as refunded.
 * Replays and racing events find the refund recorded (or collide on its unique id) and take nothing.
 */
export async function takeBackCoins(services: SettleDeps, orderId: string, back: MoneyBack): Promise<TakeBackResult> {
  const { db, log } = services;
  const what = back.kind === 'refund' ? 'Refunded' : 'Reversed';
  let result: TakeBackResult;
  try {
    result = await transactionWithRetry(db, async (tx): Promise<TakeBackResult> => {
      const now = services.now();
      const payment = await lockPayment(tx, orderId);
      if (!payment) return { kind: 'unknown_order' };
      // All of its money already went back (the shop refunded a capture it could not credit).
      if (payment.status === 'refunded') return { kind: 'not_credited' };
      if (await isRefundRecorded(tx, back.id)) return { kind: 'nothing_owed' };

      const cents =
        back.kind === 'reversal'
          ? null
          : (back.cents ?? (back.totalCents === null ? null : Math.max(0, back.totalCents - payment.refunded_cents)));
      const { coins, refundedCents } = refundShare(payment, cents);
      const allBack = refundedCents >= payment.amount_cents;
      const share = { payment_id: payment.id, refund_id: back.id, kind: back.kind, cents, coins, created_at: now };

      if (payment.status === 'created' || payment.status === 'refused') {
        await insertRefundShare(tx, share);
        if (allBack) {
          const reason = `${what} at PayPal before it was credited`;
          await markPaymentRefunded(tx, orderId, { reason, captureId: null }, now);
          return { kind: 'not_credited' };
        }
        const due = payment.next_check_at;
        await recordRefundsBeforeCredit(
          tx,
          payment.id,
          {
            refundedCents,
            coinsWithheld: payment.coins_withheld + coins,
            nextCheckAt: due !== null && due <= now ? due : now,
          },
          now,
        );
        return { kind: 'before_credit', coins };
      }

      const balance = coins > 0 ? await lockBalance(tx, payment.user_id) : 0;
      const taken = Math.min(balance, coins);
      await insertRefundShare(tx, { ...share, coins_taken: taken, coins_unrecovered: coins - taken });
      if (taken > 0) {
        const row = await debit(tx, {
          userId: payment.user_id,
          amount: taken,
          type: 'chargeback',
          description: `${what} at PayPal: ${payment.package_name ?? 'coin purchase'}`,
          reference: `payment-${back.kind}:${back.id}`,
          now,
        });
        // The balance is locked, so the debit cannot fall short; if it did, roll everything back.
        if (row === null) throw new Error(`take-back of ${taken} coins for ${orderId} found the balance short`);
      }
      const reclaimed = payment.coins_reclaimed + taken;
      const unrecovered = payment.coins_unrecovered + (coins - taken);
      const reason =
        unrecovered > 0
          ? `${what} at PayPal: ${reclaimed} coins taken back, ${unrecovered} could not be (already spent)`
          : `${what} at PayPal: ${reclaimed} coins taken back`;
      await recordTakeBack(tx, payment.id, { reclaimed, unrecovered, refundedCents, reversed: allBack, reason }, now);
      return coins === 0 ? { kind: 'nothing_owed' } : { kind: 'taken', taken, unrecovered: coins - taken };
    });
  } catch (error) {
    // The same refund recorded by a racing event: that one committed, so this one rolled back whole.
    if (!isUniqueViolation(error)) throw error;
    result = { kind: 'nothing_owed' };
  }
  if (result.kind === 'taken' || result.kind === 'before_credit') {
    const level = result.kind === 'taken' && result.unrecovered > 0 ? 'warn' : 'info';
    log[level]({ orderId, event: back.id, ...result }, `coins accounted for after a PayPal ${back.kind}`);
  }
  return result;
}
