import { ZCoinPackageOut } from '@shop/domain';
import { z } from 'zod';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZListAllPackagesOutput = z.array(ZCoinPackageOut);

export const listAllPackagesMeta: ProcedureMeta = {
  rest: {
    method: 'GET',
    path: '/api/admin/coin-packages',
    summary: 'Every coin package, disabled ones included, in shop order',
    tag: 'Coins',
  },
};
