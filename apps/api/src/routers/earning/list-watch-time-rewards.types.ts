import { ZWatchTimeReward } from '@shop/domain';
import { z } from 'zod';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZListWatchTimeRewardsOutput = z.array(ZWatchTimeReward);

export const listWatchTimeRewardsMeta: ProcedureMeta = {
  rest: {
    method: 'GET',
    path: '/api/admin/watch-time/rewards',
    summary: 'The 10 most recent watch-time rewards, newest first',
    tag: 'Earning',
  },
};
