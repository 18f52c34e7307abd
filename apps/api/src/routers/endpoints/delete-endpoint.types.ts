import { ZId, ZSuccessOut } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZDeleteEndpointInput = ZId;
export const ZDeleteEndpointOutput = ZSuccessOut;

export const deleteEndpointMeta: ProcedureMeta = {
  rest: {
    method: 'DELETE',
    path: '/api/admin/webhook-endpoints/{id}',
    summary: 'Delete a delivery target (its past deliveries count as a removed endpoint)',
    tag: 'Endpoints',
  },
};
