import { ZWebhookEndpointInput, ZWebhookEndpointOut } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

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
