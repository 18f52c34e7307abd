import { ZCoinPackageOrder, ZCoinPackageOut } from '@shop/domain';
import { z } from 'zod';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZReorderPackagesInput = ZCoinPackageOrder;
export const ZReorderPackagesOutput = z.array(ZCoinPackageOut);

export const reorderPackagesMeta: ProcedureMeta = {
  rest: {
    method: 'PUT',
    path: '/api/admin/coin-packages/order',
    summary: 'Set the shop order of coin packages: ids first to last, applied in one transaction',
    tag: 'Coins',
    // An id that names no package.
    errors: [404],
  },
};
