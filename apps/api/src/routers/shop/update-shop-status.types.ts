import { ZShopStatusOut, ZShopStatusUpdate } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZUpdateShopStatusInput = ZShopStatusUpdate;
export const ZUpdateShopStatusOutput = ZShopStatusOut;

export const updateShopStatusMeta: ProcedureMeta = {
  rest: {
    method: 'PUT',
    path: '/api/admin/shop-status',
    summary: 'Pause or resume triggers, and turn auto-pause while offline on or off',
    tag: 'Actions',
  },
};
