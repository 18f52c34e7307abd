import { ZWebhookEndpointOut } from '@shop/domain';
import { z } from 'zod';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZListEndpointsOutput = z.array(ZWebhookEndpointOut);

export const listEndpointsMeta: ProcedureMeta = {
  rest: {
    method: 'GET',
    path: '/api/admin/webhook-endpoints',
    summary: 'Every delivery target (secrets masked)',
    tag: 'Endpoints',
  },
};
