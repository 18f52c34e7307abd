import { ZStreamActionOut } from '@shop/domain';
import { z } from 'zod';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZListAllActionsOutput = z.array(ZStreamActionOut);

export const listAllActionsMeta: ProcedureMeta = {
  rest: {
    method: 'GET',
    path: '/api/admin/stream-actions',
    summary: 'Every stream action, inactive ones included',
    tag: 'Actions',
  },
};
