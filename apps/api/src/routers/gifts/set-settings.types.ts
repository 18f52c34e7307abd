import { ZGiftingSettings, ZGiftingSettingsUpdate } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZSetGiftingInput = ZGiftingSettingsUpdate;
export const ZSetGiftingOutput = ZGiftingSettings;

export const setGiftingMeta: ProcedureMeta = {
  rest: {
    method: 'PUT',
    path: '/api/admin/gifting',
    summary: 'Switch gifting on or off, or set how many days bought coins wait before they can be gifted',
    description:
      "While off, POST /api/gifts answers 409 'Gifting is switched off'. holdDays (0 to 90, 7 by default): coins bought with PayPal become giftable that many days after their purchase, so a refund or dispute can still take them back; a larger gift is answered 409 saying how many coins can be given now and when more can.",
    tag: 'Admin',
  },
};
