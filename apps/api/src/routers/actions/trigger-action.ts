import { ZTrigger } from '@shop/domain';
import { triggerAction } from '../../delivery/trigger';
import { authedProcedure } from '../../trpc';
import { enforceRateLimit } from '../auth/rate-limit';

export const trigger = authedProcedure.input(ZTrigger).mutation(async ({ ctx, input }) => {
  await enforceRateLimit(ctx.services.limiters.trigger, `user:${ctx.user.id}`, ctx.services.now());
  return triggerAction(ctx.services, ctx.user, input);
});
