import { ZShopStatusOut } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZGetShopStatusOutput = ZShopStatusOut;

export const getShopStatusMeta: ProcedureMeta = {
  rest: {
    method: 'GET',
    path: '/api/shop-status',
    summary: 'Whether triggers are paused now, and why (manual, or offline while auto-pause is on)',
    tag: 'Actions',
    description:
      "Changes are also pushed on /ws as {type:'shop_status', paused, reason}. Auto-pause needs Twitch settings: without them autoPauseAvailable is false and the shop never pauses by itself.",
  },
};
