import { contributeToPool } from '../../economy/pools/contribute';
import { enforceRateLimit } from '../../rate-limit';
import { authedProcedure } from '../../trpc';
import { contributeMeta, ZContributeInput, ZContributeOutput } from './contribute.types';

/** Shares the trigger's per-viewer limit: a contribution is a trigger's worth of work at most. */
export const contribute = authedProcedure
  .meta(contributeMeta)
  .input(ZContributeInput)
  .output(ZContributeOutput)
  .mutation(async ({ ctx, input }) => {
    await enforceRateLimit(ctx.services.limiters.trigger, `user:${ctx.user.id}`, ctx.services.now());
    return contributeToPool(ctx.services, ctx.user, input);
  });
