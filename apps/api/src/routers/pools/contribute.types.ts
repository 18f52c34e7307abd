import { ZPoolContribute, ZPoolContributeOut } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZContributeInput = ZPoolContribute;
export const ZContributeOutput = ZPoolContributeOut;

export const contributeMeta: ProcedureMeta = {
  rest: {
    method: 'POST',
    path: '/api/pools/{actionId}/contribute',
    summary:
      "Put coins toward an action's crowd goal; at most what is missing is taken, and a repeated requestId answers the first result and charges once",
    tag: 'Actions',
    errors: [402, 404, 429, 503],
    headerInput: {
      header: 'Idempotency-Key',
      field: 'requestId',
      description: 'used as requestId when the body has none',
    },
  },
};
