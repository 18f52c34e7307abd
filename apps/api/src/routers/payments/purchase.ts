import { fulfilOrder } from '../../payments/fulfil-order';
import { assertPaymentsServe } from '../../payments/require-gateway';
import { enforceRateLimit } from '../../rate-limit';
import { authedProcedure } from '../../trpc';
import { purchaseMeta, ZPurchaseInput, ZPurchaseOutput } from './purchase.types';

export const purchase = authedProcedure
  .meta(purchaseMeta)
  .input(ZPurchaseInput)
  .output(ZPurchaseOutput)
  .mutation(async ({ ctx, input }) => {
    assertPaymentsServe(ctx);
    await enforceRateLimit(ctx.services.limiters.capture, `user:${ctx.user.id}`, ctx.services.now());
    return fulfilOrder(ctx.services, ctx.user.id, { orderId: input.paypalOrderId, packageId: input.packageId });
  });
