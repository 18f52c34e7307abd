import { ZWebhookEndpointInput, ZWebhookEndpointOut } from '@shop/domain';
import type { ProcedureMeta } from '../../rest/mapping';

export const ZCreateEndpointInput = ZWebhookEndpointInput;
export const ZCreateEndpointOutput = ZWebhookEndpointOut;

export const createEndpointMeta: ProcedureMeta = {
  rest: {
    method: 'POST',
    path: '/api/admin/webhook-endpoints',
    summary: 'Create a delivery target (http(s), rcon://, webrcon://, or overlay://name, which needs no secret)',
    tag: 'Endpoints',
  },
};
