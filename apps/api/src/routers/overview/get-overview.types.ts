import { ZOverview, ZOverviewQuery } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZGetOverviewInput = ZOverviewQuery;
export const ZGetOverviewOutput = ZOverview;

export const getOverviewMeta: ProcedureMeta = {
  rest: {
    method: 'GET',
    path: '/api/admin/overview',
    summary:
      'Coins sold, money taken, triggers, refunds and failed deliveries per UTC day; top actions and supporters; delivery success per endpoint',
    tag: 'Admin',
  },
};
