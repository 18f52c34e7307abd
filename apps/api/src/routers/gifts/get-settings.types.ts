import { ZGiftingSettings } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZGetGiftingOutput = ZGiftingSettings;

export const getGiftingMeta: ProcedureMeta = {
  rest: {
    method: 'GET',
    path: '/api/admin/gifting',
    summary: 'Whether viewers may give coins to each other, and how long bought coins wait before they can be',
    tag: 'Admin',
  },
};
