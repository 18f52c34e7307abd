import { recentWatchRewards } from '@shop/db';
import { RECENT_REWARDS_LIMIT } from '@shop/domain';
import { adminProcedure } from '../../trpc';
import { listWatchTimeRewardsMeta, ZListWatchTimeRewardsOutput } from './list-watch-time-rewards.types';

export const listWatchTimeRewards = adminProcedure
  .meta(listWatchTimeRewardsMeta)
  .output(ZListWatchTimeRewardsOutput)
  .query(async ({ ctx }) => {
    const rows = await recentWatchRewards(ctx.services.db.kysely, RECENT_REWARDS_LIMIT);
    return rows.map((r) => ({
      id: r.id,
      userId: r.userId,
      username: r.username,
      coinsAwarded: r.coinsAwarded,
      watchDuration: r.watchDuration,
      timestamp: new Date(r.createdAt).toISOString(),
    }));
  });
