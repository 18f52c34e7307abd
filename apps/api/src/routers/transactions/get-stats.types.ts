import { ZUserStatsOut } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZGetStatsOutput = ZUserStatsOut;

export const getStatsMeta: ProcedureMeta = {
  rest: {
    method: 'GET',
    path: '/api/transactions/stats',
    summary: "The signed-in viewer's dashboard figures: balance, actions, coins spent and bought",
    tag: 'Coins',
  },
};
