import { createPaymentOrder } from '../../payments/create-order';
import { assertPaymentsServe } from '../../payments/require-gateway';
import { enforceRateLimit } from '../../rate-limit';
import { authedProcedure } from '../../trpc';
import { createOrderMeta, ZCreateOrderInput, ZCreateOrderOutput } from './create-order.types';

export const createOrder = authedProcedure
  .meta(createOrderMeta)
  .input(ZCreateOrderInput)
  .output(ZCreateOrderOutput)
  .mutation(async ({ ctx, input }) => {
    assertPaymentsServe(ctx);
    await enforceRateLimit(ctx.services.limiters.order, `user:${ctx.user.id}`, ctx.services.now());
    return createPaymentOrder(ctx.services, ctx.user.id, input);
  });
