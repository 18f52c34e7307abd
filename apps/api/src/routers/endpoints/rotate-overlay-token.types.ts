import { ZId, ZWebhookEndpointOut } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZRotateOverlayTokenInput = ZId;
export const ZRotateOverlayTokenOutput = ZWebhookEndpointOut;

export const rotateOverlayTokenMeta: ProcedureMeta = {
  rest: {
    method: 'POST',
    path: '/api/admin/webhook-endpoints/{id}/rotate-overlay-token',
    summary: 'Give an overlay endpoint a new overlay URL; the old one stops working and its open overlays are closed',
    tag: 'Endpoints',
    errors: [409],
  },
};
