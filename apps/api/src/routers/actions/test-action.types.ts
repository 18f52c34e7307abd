import { ZActionId, ZTestActionResultOut } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZTestActionInput = ZActionId;
export const ZTestActionOutput = ZTestActionResultOut;

export const testActionMeta: ProcedureMeta = {
  rest: {
    method: 'POST',
    path: '/api/admin/test-action',
    summary: "Deliver an action to its targets now, free and outside the queue, and answer each target's outcome",
    tag: 'Actions',
    errors: [404, 502],
  },
};
