import {
  debit,
  lockBalance,
  lockPayment,
  markPaymentRefunded,
  type PaymentRow,
  recordTakeBack,
  transactionWithRetry,
} from '@shop/db';
import type { Services } from '../services';

export interface MoneyBack {
  kind: 'refund' | 'reversal';
  /** PayPal's id of the refund or reversal; names the ledger row, one per event of PayPal's. */
  id: string;
  /**
   * Cents returned from this capture so far, counting this event (PayPal's
   * `seller_payable_breakdown.total_refunded_amount`); null means all of it.
   */
  returnedCents: number | null;
}

export type TakeBackResult =
  | { kind: 'taken'; taken: number; unrecovered: number }
  /** Everything this event owes was already accounted for: a replay, or an older event after a newer one. */
  | { kind: 'nothing_owed' }
  /** The order was never credited: it is closed as refunded, with no coins to take. */
  | { kind: 'not_credited' }
  | { kind: 'unknown_order' };

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
 * Takes back the coins a PayPal refund or reversal stands for, with a ledger row, never below zero:
 * inside one transaction the payment and then the balance are locked, min(balance, owed) is
 * debited and the rest is recorded on the payment as unrecovered for admins to see. What an event
 * owes is computed from the running totals (coins already reclaimed plus unrecovered), so
 * replaying an event, or two events racing, take each coin at most once.
 */
export async function takeBackCoins(services: Services, orderId: string, back: MoneyBack): Promise<TakeBackResult> {
  const { db, log } = services;
  const what = back.kind === 'refund' ? 'Refunded' : 'Reversed';
  const result = await transactionWithRetry(db, async (tx): Promise<TakeBackResult> => {
    const now = services.now();
    const payment = await lockPayment(tx, db.dialect, orderId);
    if (!payment) return { kind: 'unknown_order' };
    if (payment.status === 'created' || payment.status === 'refused') {
      const reason = `${what} at PayPal before it was credited`;
      await markPaymentRefunded(tx, orderId, { reason, captureId: null }, now);
      return { kind: 'not_credited' };
    }
    if (payment.status === 'refunded') return { kind: 'not_credited' };

    const accounted = payment.coins_reclaimed + payment.coins_unrecovered;
    const target = coinsOwedFor(payment, back.returnedCents);
    const owed = target - accounted;
    if (owed <= 0) return { kind: 'nothing_owed' };

    const balance = await lockBalance(tx, db.dialect, payment.user_id);
    const taken = Math.min(balance, owed);
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
    const unrecovered = payment.coins_unrecovered + (owed - taken);
    const reason =
      unrecovered > 0
        ? `${what} at PayPal: ${reclaimed} coins taken back, ${unrecovered} could not be (already spent)`
        : `${what} at PayPal: ${reclaimed} coins taken back`;
    const coins = payment.coins ?? 0;
    await recordTakeBack(tx, payment.id, { reclaimed, unrecovered, reversed: target >= coins, reason }, now);
    return { kind: 'taken', taken, unrecovered: owed - taken };
  });
  if (result.kind === 'taken') {
    const level = result.unrecovered > 0 ? 'warn' : 'info';
    log[level]({ orderId, event: back.id, ...result }, `coins taken back after a PayPal ${back.kind}`);
  }
  return result;
}
