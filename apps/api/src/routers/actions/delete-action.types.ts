import { ZId, ZSuccessOut } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZDeleteActionInput = ZId;
export const ZDeleteActionOutput = ZSuccessOut;

export const deleteActionMeta: ProcedureMeta = {
  rest: {
    method: 'DELETE',
    path: '/api/admin/stream-actions/{id}',
    summary: 'Delete a stream action (its history stays)',
    tag: 'Actions',
  },
};
