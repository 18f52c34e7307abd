import { AppError, ZCaptureOrder, ZCreateOrder, ZPurchase } from '@shop/domain';
import { createPaymentOrder } from '../../payments/create-order';
import { fulfilOrder } from '../../payments/fulfil-order';
import { DEMO_NOTICE } from '../../payments/gateway';
import { assertPaymentsServe, PAYMENT_UNAVAILABLE, paymentsFor } from '../../payments/require-gateway';
import { authedProcedure, publicProcedure, router } from '../../trpc';
import { enforceRateLimit } from '../auth/rate-limit';
import { adminList } from './admin-payments';

/**
 * What the payment modal needs to draw itself: PayPal buttons, the demo checkout, or neither. Asked
 * per caller: a demo checkout kept to this machine is not offered to anyone else.
 */
const getSetup = publicProcedure.query(({ ctx }) => {
  const provider = paymentsFor(ctx);
  if (provider.kind === 'unavailable') throw new AppError('SERVICE_UNAVAILABLE', PAYMENT_UNAVAILABLE);
  if (provider.kind === 'demo') {
    return { provider: 'demo' as const, clientId: null, currency: 'USD' as const, notice: DEMO_NOTICE };
  }
  return { provider: 'paypal' as const, clientId: provider.clientId, currency: 'USD' as const, notice: null };
});

const createOrder = authedProcedure.input(ZCreateOrder).mutation(async ({ ctx, input }) => {
  assertPaymentsServe(ctx);
  await enforceRateLimit(ctx.services.limiters.order, `user:${ctx.user.id}`, ctx.services.now());
  return createPaymentOrder(ctx.services, ctx.user.id, input);
});

const captureOrder = authedProcedure.input(ZCaptureOrder).mutation(async ({ ctx, input }) => {
  assertPaymentsServe(ctx);
  await enforceRateLimit(ctx.services.limiters.capture, `user:${ctx.user.id}`, ctx.services.now());
  return fulfilOrder(ctx.services, ctx.user.id, input);
});

const purchase = authedProcedure.input(ZPurchase).mutation(async ({ ctx, input }) => {
  assertPaymentsServe(ctx);
  await enforceRateLimit(ctx.services.limiters.capture, `user:${ctx.user.id}`, ctx.services.now());
  return fulfilOrder(ctx.services, ctx.user.id, { orderId: input.paypalOrderId, packageId: input.packageId });
});

export const paymentsRouter = router({ getSetup, createOrder, captureOrder, purchase, adminList });
