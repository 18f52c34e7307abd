import { RateLimitedError } from '../../rate-limit';
import { authedProcedure, publicProcedure, router } from '../../trpc';

/** A refused refresh: a 429 with Retry-After, worded for the refresh button. */
class RefreshThrottledError extends RateLimitedError {
  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds);
    this.message = `Please wait ${retryAfterSeconds} seconds before refreshing again`;
  }
}

/** Live or not and the game, from the server-side cache (one upstream round per 30 s whoever polls). */
const status = publicProcedure.query(async ({ ctx }) => (await ctx.services.stream.get()).status);

/** Thumbnail, title, viewers, profile image and the last broadcast, from the same cache. */
const stream = publicProcedure.query(async ({ ctx }) => (await ctx.services.stream.get()).info);

/** Refetches now for a signed-in viewer, at most once per 5 s, and answers the fresh status. */
const refresh = authedProcedure.mutation(async ({ ctx }) => {
  const wait = ctx.services.stream.takeForcedRefresh();
  if (wait > 0) throw new RefreshThrottledError(wait);
  return (await ctx.services.stream.refresh()).status;
});

export const twitchRouter = router({ status, stream, refresh });
