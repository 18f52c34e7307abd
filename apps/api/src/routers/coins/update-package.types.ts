import { ZCoinPackageOut, ZCoinPackageUpdate } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZUpdatePackageInput = ZCoinPackageUpdate;
export const ZUpdatePackageOutput = ZCoinPackageOut;

export const updatePackageMeta: ProcedureMeta = {
  rest: {
    method: 'PATCH',
    path: '/api/admin/coin-packages/{id}',
    summary: 'Change some fields of a coin package (active false hides it from the shop)',
    tag: 'Coins',
  },
};
