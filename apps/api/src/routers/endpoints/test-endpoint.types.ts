import { ZEndpointTest, ZEndpointTestResultOut } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZTestEndpointInput = ZEndpointTest;
export const ZTestEndpointOutput = ZEndpointTestResultOut;

export const testEndpointMeta: ProcedureMeta = {
  rest: {
    method: 'POST',
    path: '/api/admin/webhook-endpoints/{id}/test',
    summary: 'Send one command to a delivery target now and answer its outcome',
    tag: 'Endpoints',
  },
};
