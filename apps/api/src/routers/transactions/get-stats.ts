import { userStats } from '@shop/db';
import { AppError } from '@shop/domain';
import { authedProcedure } from '../../trpc';
import { getStatsMeta, ZGetStatsOutput } from './get-stats.types';

/** The dashboard's stat cards, computed by the server so they agree with the leaderboard and profile. */
export const getStats = authedProcedure
  .meta(getStatsMeta)
  .output(ZGetStatsOutput)
  .query(async ({ ctx }) => {
    const figures = await userStats(ctx.services.db.kysely, ctx.user.id);
    if (!figures) throw new AppError('NOT_FOUND', 'User not found');
    return figures;
  });
