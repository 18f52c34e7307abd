import { withoutSetupNotes } from '@shop/domain';
import { authedProcedure } from '../../trpc';
import { refreshStatusMeta, ZRefreshStatusOutput } from './refresh-status.types';
import { RefreshThrottledError } from './refresh-throttled';

/** Refetches now for a signed-in viewer, at most once per 5 s, and answers the fresh status. */
export const refreshStatus = authedProcedure
  .meta(refreshStatusMeta)
  .output(ZRefreshStatusOutput)
  .mutation(async ({ ctx }) => {
    const wait = ctx.services.stream.takeForcedRefresh();
    if (wait > 0) throw new RefreshThrottledError(wait);
    return withoutSetupNotes((await ctx.services.stream.refresh()).status, ctx.user.is_admin === 1);
  });
