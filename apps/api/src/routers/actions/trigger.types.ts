import { ZTrigger, ZTriggerResultOut } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZTriggerInput = ZTrigger;
export const ZTriggerOutput = ZTriggerResultOut;

export const triggerMeta: ProcedureMeta = {
  rest: {
    method: 'POST',
    path: '/api/trigger-action',
    summary: 'Spend coins to trigger an action; a repeated requestId answers the first result and charges once',
    tag: 'Actions',
    errors: [402, 404, 409, 429],
    // HTTP clients usually send the key in a header rather than in the body.
    headerInput: {
      header: 'Idempotency-Key',
      field: 'requestId',
      description: 'used as requestId when the body has none',
    },
  },
};
