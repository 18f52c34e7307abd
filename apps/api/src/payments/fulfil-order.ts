import { findPaymentByOrderId, findUserById, markPaymentRefused } from '@shop/db';
import { AppError, type TPurchaseResult } from '@shop/domain';
import type { PaymentDeps } from './deps';
import { RECONCILE_MIN_AGE_MS } from './reconcile';
import { callProvider, requireGateway } from './require-gateway';
import { settleCapture } from './settle-capture';

/** What the buyer is told when the order ended as money sent back rather than coins. */
function refundedMessage(reason: string | null): string {
  const why = reason?.replace(/; the payment was refunded at PayPal$/, '') ?? 'The payment could not be credited';
  return `${why}. The payment was refunded to your PayPal account.`;
}

/**
 * The browser's capture and purchase calls. Credits a payment order at most once, however many
 * calls (capture, purchase, retries, webhooks, reconciliation) race for it: PayPal is asked what
 * was really captured, the capture is checked against the order's snapshot (price, currency,
 * buyer), and the coins credited are the snapshot's, whatever the package says now. A capture
 * that cannot be credited is refunded at PayPal, and the buyer is told so.
 */
export async function fulfilOrder(
  services: PaymentDeps,
  userId: number,
  input: { orderId: string; packageId?: number | undefined },
): Promise<TPurchaseResult> {
  const { db, log } = services;
  const gateway = requireGateway(services);
  /**
   * A refusal built on the capture's reply alone: a capture still under way at PayPal may complete
   * after we were told no, so reconciliation looks at the order again in a while and credits it
   * (flagged for the admin) if PayPal did take the money.
   */
  const refuse = async (reason: string): Promise<never> => {
    const now = services.now();
    await markPaymentRefused(db.kysely, input.orderId, reason, now, { recheckAt: now + RECONCILE_MIN_AGE_MS });
    log.warn({ orderId: input.orderId, userId, reason }, 'purchase refused');
    throw new AppError('PAYMENT_REFUSED', reason);
  };

  const payment = await findPaymentByOrderId(db.kysely, input.orderId);
  if (!payment) {
    log.warn({ orderId: input.orderId, userId }, 'purchase refused: unknown order');
    throw new AppError('NOT_FOUND', 'Payment order not found');
  }
  if (payment.user_id !== userId) {
    log.warn({ orderId: input.orderId, userId, owner: payment.user_id }, 'purchase refused: order of another user');
    throw new AppError('FORBIDDEN', 'This payment order belongs to another account');
  }
  // A wrong package in the request says nothing about the order itself, so the order stays open.
  if (input.packageId !== undefined && payment.package_id !== null && input.packageId !== payment.package_id) {
    throw new AppError('PAYMENT_REFUSED', 'This payment order was made for another coin package');
  }

  let coinsAdded = 0;
  let alreadyCredited = payment.status === 'credited';
  if (payment.status === 'refunded' || payment.status === 'reversed') {
    throw new AppError('PAYMENT_REFUSED', refundedMessage(payment.failure_reason));
  }
  if (!alreadyCredited) {
    const outcome = await callProvider(services, 'capture order', () =>
      gateway.captureOrder(input.orderId, `capture-${input.orderId}`),
    );
    if (outcome.kind === 'not_found') return refuse('Payment order not found at the payment provider');
    if (outcome.kind === 'not_approved') {
      // Not final: the buyer may still approve, so the order is not marked refused.
      throw new AppError('PAYMENT_REFUSED', 'The payment has not been approved yet');
    }
    if (outcome.kind === 'declined') return refuse(`The payment was declined: ${outcome.message}`);
    const settled = await settleCapture(services, gateway, payment, outcome.order.capture, outcome.order.customId);
    switch (settled.kind) {
      case 'credited':
        coinsAdded = settled.coins;
        break;
      case 'already_credited':
        alreadyCredited = true;
        break;
      case 'refunded':
        throw new AppError('PAYMENT_REFUSED', refundedMessage(settled.reason));
      case 'closed':
        throw new AppError('PAYMENT_REFUSED', refundedMessage(settled.reason));
      case 'pending':
      case 'refused':
        log.warn({ orderId: input.orderId, userId, reason: settled.reason }, 'purchase not credited');
        throw new AppError('PAYMENT_REFUSED', settled.reason);
    }
  }
  const user = await findUserById(db.kysely, userId);
  return {
    status: 'success',
    coinsAdded,
    balance: Number(user?.coin_balance ?? 0),
    alreadyCredited,
  };
}
