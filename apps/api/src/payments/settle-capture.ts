import { markPaymentRefunded, markPaymentRefused, notePaymentPending, type PaymentRow } from '@shop/db';
import { AppError, checkCapturedPayment, type TPaymentStatus } from '@shop/domain';
import { creditPayment } from './credit-payment';
import type { SettleDeps } from './deps';
import type { PaymentGateway } from './gateway';
import type { OrderSnapshot } from './paypal-client';
import { callProvider } from './require-gateway';

export type CapturedMoney = NonNullable<OrderSnapshot['capture']>;

export type Settlement =
  | { kind: 'credited'; coins: number }
  | { kind: 'already_credited' }
  /** Captured but not creditable: the money went back to the buyer at PayPal. */
  | { kind: 'refunded'; reason: string }
  /** Not final yet (a PENDING capture, or a refund PayPal would not take): the order stays open. */
  | { kind: 'pending'; reason: string }
  /** Nothing was captured (declined or failed): the order is closed as refused. */
  | { kind: 'refused'; reason: string }
  /** The order had already ended as refunded or reversed. */
  | { kind: 'closed'; status: TPaymentStatus; reason: string | null };

/**
 * Capture states that mean all the money went back before we credited anything. A partially
 * refunded capture is not one: the rest is still the shop's, so it is credited (less the refunds)
 * or refunded like any other capture.
 */
const GONE_BACK = new Set(['REFUNDED', 'REVERSED']);
/** Capture states in which no money was taken. */
const NOT_TAKEN = new Set(['DECLINED', 'FAILED']);

/** Why a completed capture cannot be credited against the order's snapshot, or null when it can. */
function creditBlocker(payment: PaymentRow, capture: CapturedMoney, customId: string | null): string | null {
  if (customId !== null && customId !== `user:${payment.user_id}`) {
    return 'This payment order belongs to another account';
  }
  if (payment.coins == null || payment.coins <= 0) return 'The order has no record of the coins it was for';
  const check = checkCapturedPayment(capture, payment.amount_cents);
  return check.ok ? null : check.reason;
}

/**
 * Decides what one capture of one order becomes, the same way for every path that learns of it
 * (the browser, a webhook, reconciliation): coins when it is COMPLETED and matches the price,
 * currency and buyer the order recorded when it was created; a refund at PayPal when it was
 * captured but does not match, so money we will not credit is never kept; otherwise it waits or
 * closes. Every step is idempotent, so replays and racing callers end in the same place.
 * A capture PARTIALLY_REFUNDED before the credit is credited the coins the money kept stands for
 * (creditPayment), or, when it does not match, what is left of it is refunded.
 *
 * `flagIfRefused`: the caller is not the buyer's browser (a webhook, reconciliation), so crediting an
 * order that had been refused goes unseen by the buyer, who was told the payment failed: the
 * credit is then flagged for the admin. The browser's own retry after a refusal shows the buyer
 * the coins, so it needs no flag.
 */
export async function settleCapture(
  services: SettleDeps,
  gateway: PaymentGateway,
  payment: PaymentRow,
  capture: CapturedMoney | null,
  customId: string | null,
  options: { flagIfRefused?: boolean } = {},
): Promise<Settlement> {
  const { db, log } = services;
  if (payment.status === 'credited') return { kind: 'already_credited' };
  if (payment.status === 'refunded' || payment.status === 'reversed') {
    return { kind: 'closed', status: payment.status, reason: payment.failure_reason };
  }
  if (!capture) {
    return { kind: 'pending', reason: 'The payment has not been captured' };
  }
  const now = services.now();
  const orderId = payment.order_id;
  if (capture.status === 'PENDING') {
    const reason = 'The payment is not completed (status PENDING)';
    await notePaymentPending(db.kysely, orderId, { reason, captureId: capture.id }, now);
    return { kind: 'pending', reason };
  }
  if (NOT_TAKEN.has(capture.status)) {
    const reason = `The payment is not completed (status ${capture.status})`;
    await markPaymentRefused(db.kysely, orderId, reason, now);
    return { kind: 'refused', reason };
  }
  if (GONE_BACK.has(capture.status)) {
    const reason = `The payment was ${capture.status.toLowerCase().replace('_', ' ')} at PayPal before it was credited`;
    await markPaymentRefunded(db.kysely, orderId, { reason, captureId: capture.id }, now);
    return { kind: 'refunded', reason };
  }
  const partlyRefunded = capture.status === 'PARTIALLY_REFUNDED';
  if (capture.status !== 'COMPLETED' && !partlyRefunded) {
    return { kind: 'pending', reason: `The payment is not completed (status ${capture.status})` };
  }
  // A partly refunded capture was completed first: it is checked as captured, at its full amount.
  const blocker = creditBlocker(payment, partlyRefunded ? { ...capture, status: 'COMPLETED' } : capture, customId);
  if (blocker) return refundUncreditable(services, gateway, payment, capture.id, blocker);
  const note = options.flagIfRefused
    ? `Credited after it had been refused (${payment.failure_reason ?? 'no reason recorded'}); the buyer was told the payment failed`
    : undefined;
  const credited = await creditPayment(services, payment, capture.id, {
    flagIfRefused: note,
    refunds: capture.refunds,
  });
  if (credited.kind === 'closed') log.warn({ orderId, status: credited.status }, 'capture arrived for a closed order');
  return credited;
}

/**
 * Sends captured money back: all of it, or all that earlier refunds left. The request id is fixed
 * per capture, so however many paths try at once PayPal refunds once. If PayPal cannot be reached
 * the order stays open with the reason, and the next reconciliation pass tries again.
 */
async function refundUncreditable(
  services: SettleDeps,
  gateway: PaymentGateway,
  payment: PaymentRow,
  captureId: string,
  reason: string,
): Promise<Settlement> {
  const { db, log } = services;
  const orderId = payment.order_id;
  const pending = (why: string) =>
    notePaymentPending(db.kysely, orderId, { reason: `${reason}; ${why}`, captureId }, services.now());
  let outcome: Awaited<ReturnType<PaymentGateway['refundCapture']>>;
  try {
    outcome = await callProvider(services, 'refund capture', () =>
      gateway.refundCapture(captureId, `refund-${captureId}`),
    );
  } catch (error) {
    await pending('the refund at PayPal failed and will be retried');
    throw error;
  }
  if (outcome.kind === 'not_found' || outcome.kind === 'declined') {
    const detail = outcome.kind === 'declined' ? outcome.message : 'capture not found';
    log.error({ orderId, captureId, detail }, 'PayPal refused to refund an uncreditable capture');
    await pending(`the refund at PayPal was refused (${detail})`);
    throw new AppError('UPSTREAM_FAILED', 'The payment could not be refunded at PayPal; please contact support');
  }
  const text = `${reason}; the payment was refunded at PayPal`;
  await markPaymentRefunded(db.kysely, orderId, { reason: text, captureId }, services.now());
  log.warn({ orderId, captureId, reason }, 'captured payment refunded: it could not be credited');
  return { kind: 'refunded', reason: text };
}
