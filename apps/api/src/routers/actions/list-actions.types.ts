import { ZStreamActionOut } from '@shop/domain';
import { z } from 'zod';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZListActionsOutput = z.array(ZStreamActionOut);

export const listActionsMeta: ProcedureMeta = {
  rest: {
    method: 'GET',
    path: '/api/stream-actions',
    summary: 'The active stream actions viewers can trigger',
    tag: 'Actions',
  },
};
