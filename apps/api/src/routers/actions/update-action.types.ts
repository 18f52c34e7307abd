import { ZStreamActionOut, ZStreamActionUpdate } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZUpdateActionInput = ZStreamActionUpdate;
export const ZUpdateActionOutput = ZStreamActionOut;

export const updateActionMeta: ProcedureMeta = {
  rest: {
    method: 'PATCH',
    path: '/api/admin/stream-actions/{id}',
    summary: 'Change some fields of a stream action',
    tag: 'Actions',
  },
};
