import { ZGift, ZGiftResultOut } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZSendGiftInput = ZGift;
export const ZSendGiftOutput = ZGiftResultOut;

export const sendGiftMeta: ProcedureMeta = {
  rest: {
    method: 'POST',
    path: '/api/gifts',
    summary: 'Give coins to another viewer; a repeated requestId answers the first gift and moves coins once',
    tag: 'Coins',
    description:
      "Two ledger rows in one transaction: gift_sent on the sender, gift_received on the recipient. Refused with 400 (to yourself), 402 (more than the balance), 404 (no such user) and 403 (the sender's account is disabled), 409 (gifting switched off, the recipient's account disabled, coins bought within the hold set at /api/admin/gifting, the daily cap reached, or the requestId already used for another gift; the hold's refusal says how many coins can be given now and when more can, with details giftableNow, giftableMore and giftableFrom). The recipient is told on /ws: {type:'balance_changed', reason:'gift', from, message}.",
    errors: [402, 403, 404, 409],
    headerInput: {
      header: 'Idempotency-Key',
      field: 'requestId',
      description: 'used as requestId when the body has none',
    },
  },
};
