import { ZCoinPackageOut } from '@shop/domain';
import { z } from 'zod';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZListPackagesOutput = z.array(ZCoinPackageOut);

export const listPackagesMeta: ProcedureMeta = {
  rest: {
    method: 'GET',
    path: '/api/coin-packages',
    summary: 'The coin packages on sale, in shop order (price in US cents)',
    tag: 'Coins',
  },
};
