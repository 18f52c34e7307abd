import { ZWebhookEndpointOut, ZWebhookEndpointUpdate } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZUpdateEndpointInput = ZWebhookEndpointUpdate;
export const ZUpdateEndpointOutput = ZWebhookEndpointOut;

export const updateEndpointMeta: ProcedureMeta = {
  rest: {
    method: 'PATCH',
    path: '/api/admin/webhook-endpoints/{id}',
    summary: 'Change a delivery target; an empty or masked secret keeps the stored one',
    tag: 'Endpoints',
  },
};
