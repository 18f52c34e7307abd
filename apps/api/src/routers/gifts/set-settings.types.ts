import { ZGiftingSettings } from '@shop/domain';
import type { ProcedureMeta } from '../../rest/mapping';

export const ZSetGiftingInput = ZGiftingSettings;
export const ZSetGiftingOutput = ZGiftingSettings;

export const setGiftingMeta: ProcedureMeta = {
  rest: {
    method: 'PUT',
    path: '/api/admin/gifting',
    summary: "Switch gifting on or off: while off, POST /api/gifts answers 409 'Gifting is switched off'",
    tag: 'Admin',
  },
};
