import { findPaymentByCaptureId, findPaymentByOrderId, markPaymentRefused, type PaymentRow } from '@shop/db';
import type { SettleDeps } from './deps';
import type { PayPalClient } from './paypal-client';
import { callProvider } from './require-gateway';
import { type Settlement, settleCapture } from './settle-capture';
import { takeBackCoins } from './take-back';
import type { PayPalEvent } from './webhook-events';

/**
 * The order an event is about: named in the event, or found by its capture id, or (for a capture
 * the shop never saw, say refunded before anyone reported it) by asking PayPal whose capture it is.
 */
async function findPayment(
  services: SettleDeps,
  gateway: PayPalClient,
  orderId: string | null,
  captureId: string | null,
) {
  const db = services.db.kysely;
  let payment: PaymentRow | undefined;
  if (orderId) payment = await findPaymentByOrderId(db, orderId);
  if (!payment && captureId) payment = await findPaymentByCaptureId(db, captureId);
  if (!payment && !orderId && captureId) {
    const capture = await callProvider(services, 'get capture', () => gateway.getCapture(captureId));
    if (capture?.orderId) payment = await findPaymentByOrderId(db, capture.orderId);
  }
  return payment;
}

function describeSettlement(s: Settlement): string {
  switch (s.kind) {
    case 'credited':
      return `Credited ${s.coins} coins`;
    case 'already_credited':
      return 'Already credited';
    case 'closed':
      return `Order already ${s.status}`;
    default:
      return s.reason;
  }
}

/**
 * Acts on one verified PayPal event and says what it did (the reply PayPal's dashboard shows).
 * Every branch is idempotent: PayPal delivers at least once, in any order.
 */
export async function handlePayPalEvent(
  services: SettleDeps,
  gateway: PayPalClient,
  event: PayPalEvent,
): Promise<string> {
  const { log } = services;
  if (event.type === 'ignored') return `Event ${event.eventType} is not used by this shop`;

  const captureId = 'capture' in event ? event.capture.id : event.captureId;
  const payment = await findPayment(services, gateway, event.orderId, captureId);
  if (!payment) {
    // Not ours (another integration on the same PayPal app, or a deleted order): acknowledged,
    // because a failure status would only make PayPal retry something we can never act on.
    log.info(
      { eventId: event.eventId, type: event.type, orderId: event.orderId, captureId },
      'PayPal event for an unknown order',
    );
    return 'No order of this shop matches the event; nothing to do';
  }

  switch (event.type) {
    case 'capture_completed':
      return describeSettlement(
        await settleCapture(services, gateway, payment, event.capture, event.customId, { flagIfRefused: true }),
      );
    case 'capture_denied': {
      const reason = 'The payment was denied at PayPal';
      const changed = await markPaymentRefused(services.db.kysely, payment.order_id, reason, services.now());
      return changed ? reason : `Order already ${payment.status}`;
    }
    case 'capture_refunded':
    case 'capture_reversed': {
      const kind = event.type === 'capture_refunded' ? 'refund' : 'reversal';
      // A refund still PENDING has not returned the money yet; PayPal sends another event when it completes.
      if (kind === 'refund' && event.status !== 'COMPLETED') return `Refund is ${event.status}; nothing taken yet`;
      const result = await takeBackCoins(services, payment.order_id, {
        kind,
        id: event.id,
        cents: event.amountCents,
        totalCents: event.totalReturnedCents,
      });
      switch (result.kind) {
        case 'taken':
          return result.unrecovered > 0
            ? `Took back ${result.taken} coins; ${result.unrecovered} could not be taken`
            : `Took back ${result.taken} coins`;
        case 'nothing_owed':
          return 'Nothing more to take back';
        case 'before_credit':
          return `Partial ${kind} noted before the credit: ${result.coins} coins fewer will be credited`;
        case 'not_credited':
          return 'The order was never credited; marked refunded';
        case 'unknown_order':
          return 'No order of this shop matches the event; nothing to do';
      }
    }
  }
}
