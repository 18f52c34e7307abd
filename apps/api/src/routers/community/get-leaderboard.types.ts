import { ZLeaderboardEntryOut, ZLeaderboardQuery } from '@shop/domain';
import { z } from 'zod';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZGetLeaderboardInput = ZLeaderboardQuery;
export const ZGetLeaderboardOutput = z.array(ZLeaderboardEntryOut);

export const getLeaderboardMeta: ProcedureMeta = {
  rest: {
    method: 'GET',
    path: '/api/leaderboard',
    summary: 'Top supporters by coins spent (refunds and tests excluded)',
    tag: 'Community',
  },
};
