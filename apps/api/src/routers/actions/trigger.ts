import { enforceRateLimit } from '../../rate-limit';
import { triggerAction } from '../../trigger/trigger';
import { authedProcedure } from '../../trpc';
import { triggerMeta, ZTriggerInput, ZTriggerOutput } from './trigger.types';

export const trigger = authedProcedure
  .meta(triggerMeta)
  .input(ZTriggerInput)
  .output(ZTriggerOutput)
  .mutation(async ({ ctx, input }) => {
    await enforceRateLimit(ctx.services.limiters.trigger, `user:${ctx.user.id}`, ctx.services.now());
    return triggerAction(ctx.services, ctx.user, input);
  });
