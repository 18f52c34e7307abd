import { leaderboard, publicProfile } from '@shop/db';
import { AppError, ZLeaderboardQuery, ZUserIdParam } from '@shop/domain';
import { publicProcedure, router } from '../../trpc';

const getLeaderboard = publicProcedure
  .input(ZLeaderboardQuery)
  .query(({ ctx, input }) => leaderboard(ctx.services.db.kysely, input.limit));

const getProfile = publicProcedure.input(ZUserIdParam).query(async ({ ctx, input }) => {
  const profile = input.id > 0 ? await publicProfile(ctx.services.db.kysely, input.id) : null;
  if (!profile) throw new AppError('NOT_FOUND', 'User not found');
  return profile;
});

export const communityRouter = router({ leaderboard: getLeaderboard, profile: getProfile });
