import { ZDeliveryPreviewInput, ZDeliveryPreviewOut } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export { ZDeliveryPreviewInput };
export const ZDeliveryPreviewOutput = ZDeliveryPreviewOut;

export const deliveryPreviewMeta: ProcedureMeta = {
  rest: {
    method: 'GET',
    path: '/api/admin/stream-actions/delivery-preview',
    summary: 'Which active endpoints an action of this gameType (and targetType) would be delivered to now',
    tag: 'Actions',
    errors: [400],
  },
};
