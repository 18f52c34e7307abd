import { ZCoinPackageInput, ZCoinPackageOut } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZCreatePackageInput = ZCoinPackageInput;
export const ZCreatePackageOutput = ZCoinPackageOut;

export const createPackageMeta: ProcedureMeta = {
  rest: {
    method: 'POST',
    path: '/api/admin/coin-packages',
    summary: 'Create a coin package (price in integer US cents); it goes last in the shop order',
    tag: 'Coins',
  },
};
