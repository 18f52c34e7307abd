import {
  credit,
  findCoinPackage,
  findPaymentByOrderId,
  findUserById,
  isUniqueViolation,
  markPaymentCredited,
  markPaymentRefused,
} from '@shop/db';
import { AppError, checkCapturedPayment, type TPurchaseResult } from '@shop/domain';
import type { Services } from '../services';
import { callProvider, requireGateway } from './require-gateway';

/**
 * Credits a payment order at most once, however many calls (capture, purchase, retries) race for
 * it: the provider is asked what was really captured, and the ledger row's unique reference makes
 * a second credit impossible even when two calls pass every check at the same moment.
 */
export async function fulfilOrder(
  services: Services,
  userId: number,
  input: { orderId: string; packageId?: number | undefined },
): Promise<TPurchaseResult> {
  const { db, log } = services;
  const gateway = requireGateway(services);
  const refuse = async (reason: string): Promise<never> => {
    await markPaymentRefused(db.kysely, input.orderId, reason, services.now());
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
  const packageId = input.packageId ?? payment.package_id;
  if (packageId == null) throw new AppError('BAD_REQUEST', 'packageId is required');
  const pkg = await findCoinPackage(db.kysely, packageId);
  if (!pkg) throw new AppError('NOT_FOUND', 'Coin package not found');
  if (payment.package_id != null && payment.package_id !== packageId) {
    return refuse('This payment order was made for another coin package');
  }

  if (payment.status !== 'credited') {
    const outcome = await callProvider(services, 'capture order', () =>
      gateway.captureOrder(input.orderId, `capture-${input.orderId}`),
    );
    if (outcome.kind === 'not_found') return refuse('Payment order not found at the payment provider');
    if (outcome.kind === 'not_approved') {
      // Not final: the buyer may still approve, so the order is not marked refused.
      throw new AppError('PAYMENT_REFUSED', 'The payment has not been approved yet');
    }
    if (outcome.kind === 'declined') return refuse(`The payment was declined: ${outcome.message}`);
    if (outcome.order.customId !== null && outcome.order.customId !== `user:${userId}`) {
      return refuse('This payment order belongs to another account');
    }
    const check = checkCapturedPayment(outcome.order.capture, pkg.price_cents);
    if (!check.ok) return refuse(check.reason);
  }

  let alreadyCredited = payment.status === 'credited';
  if (!alreadyCredited) {
    try {
      await db.kysely.transaction().execute(async (tx) => {
        const now = services.now();
        await credit(tx, {
          userId,
          amount: pkg.amount,
          type: 'purchase',
          description: `Purchased ${pkg.name}`,
          reference: `payment:${input.orderId}`,
          now,
        });
        await markPaymentCredited(tx, input.orderId, pkg.id, now);
      });
      log.info({ orderId: input.orderId, userId, coins: pkg.amount }, 'purchase credited');
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      alreadyCredited = true;
    }
  }
  const user = await findUserById(db.kysely, userId);
  return {
    status: 'success',
    coinsAdded: alreadyCredited ? 0 : pkg.amount,
    balance: Number(user?.coin_balance ?? 0),
    alreadyCredited,
  };
}
