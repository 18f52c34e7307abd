import { ZStreamActionInput, ZStreamActionOut } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZCreateActionInput = ZStreamActionInput;
export const ZCreateActionOutput = ZStreamActionOut;

export const createActionMeta: ProcedureMeta = {
  rest: { method: 'POST', path: '/api/admin/stream-actions', summary: 'Create a stream action', tag: 'Actions' },
};
