import { leaderboard } from '@shop/db';
import { publicProcedure } from '../../trpc';
import { getLeaderboardMeta, ZGetLeaderboardInput, ZGetLeaderboardOutput } from './get-leaderboard.types';

export const getLeaderboard = publicProcedure
  .meta(getLeaderboardMeta)
  .input(ZGetLeaderboardInput)
  .output(ZGetLeaderboardOutput)
  .query(({ ctx, input }) => leaderboard(ctx.services.db.kysely, input.limit));
