import { ZPackageId, ZSuccessOut } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZDeletePackageInput = ZPackageId;
export const ZDeletePackageOutput = ZSuccessOut;

export const deletePackageMeta: ProcedureMeta = {
  rest: {
    method: 'DELETE',
    path: '/api/admin/coin-packages/{id}',
    summary: 'Delete a coin package (payments already made keep their snapshot of it)',
    tag: 'Coins',
  },
};
