import { fulfilOrder } from '../../payments/fulfil-order';
import { assertPaymentsServe } from '../../payments/require-gateway';
import { enforceRateLimit } from '../../rate-limit';
import { authedProcedure } from '../../trpc';
import { captureOrderMeta, ZCaptureOrderInput, ZCaptureOrderOutput } from './capture-order.types';

export const captureOrder = authedProcedure
  .meta(captureOrderMeta)
  .input(ZCaptureOrderInput)
  .output(ZCaptureOrderOutput)
  .mutation(async ({ ctx, input }) => {
    assertPaymentsServe(ctx);
    await enforceRateLimit(ctx.services.limiters.capture, `user:${ctx.user.id}`, ctx.services.now());
    return fulfilOrder(ctx.services, ctx.user.id, input);
  });
