import { z } from 'zod';
import { ZRequestId } from './action-schemas';
import { GIFT_HOLD_DAYS_MAX } from './gifts';
import { USERNAME_MAX } from './validation';
import { hasInvisibleOrControl } from './visible-text';

/** A gift's note, after trimming; it shows in both ledgers and in the recipient's toast. */
export const GIFT_MESSAGE_MAX = 200;
/** A bound for the OpenAPI document and the form; the real limit is the daily cap and the balance. */
export const GIFT_COINS_MAX = 1_000_000;

export const GIFT_MSG = {
  recipientRequired: 'Recipient is required',
  coinsWhole: 'Coins must be a whole number',
  coinsMin: 'You can give at least 1 coin',
  coinsMax: `You can give at most ${GIFT_COINS_MAX} coins at once`,
  messageMax: `The message must be at most ${GIFT_MESSAGE_MAX} characters`,
  messageInvisible: 'The message may not contain control or invisible characters',
} as const;

/**
 * What the 'Give coins' form checks, and the server with it (ZGift). The message is trimmed first,
 * so a trailing newline from a paste is not refused; anything invisible left inside is (visible-text.ts).
 */
export const ZGiftForm = z.object({
  toUsername: z
    .string({ error: GIFT_MSG.recipientRequired })
    .trim()
    .min(1, GIFT_MSG.recipientRequired)
    .max(USERNAME_MAX, GIFT_MSG.recipientRequired),
  coins: z
    .number({ error: GIFT_MSG.coinsWhole })
    .int(GIFT_MSG.coinsWhole)
    .min(1, GIFT_MSG.coinsMin)
    .max(GIFT_COINS_MAX, GIFT_MSG.coinsMax),
  message: z
    .string()
    .trim()
    .normalize('NFC')
    .max(GIFT_MESSAGE_MAX, GIFT_MSG.messageMax)
    .refine((v) => !hasInvisibleOrControl(v), GIFT_MSG.messageInvisible)
    .nullish(),
});
export type TGiftForm = z.input<typeof ZGiftForm>;

/** `POST /api/gifts`: the form plus the client's idempotency key for one confirm. */
export const ZGift = ZGiftForm.extend({
  /** The same sender sending it again gets the first result again, and the coins move once. */
  requestId: ZRequestId,
});
export type TGift = z.input<typeof ZGift>;

export const ZGiftResultOut = z.object({
  status: z.literal('success'),
  message: z.string(),
  giftId: z.number().int(),
  toUsername: z.string(),
  coins: z.number().int(),
  /** The sender's balance right after the gift. */
  balance: z.number().int(),
});
export type TGiftResult = z.infer<typeof ZGiftResultOut>;

const HOLD_DAYS_MESSAGE = `The hold must be a whole number of days from 0 to ${GIFT_HOLD_DAYS_MAX}`;

/** `GET /api/admin/gifting`: the admin's switch, and how long bought coins wait before they can be gifted. */
export const ZGiftingSettings = z.object({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
  holdDays: z
    .number({ error: HOLD_DAYS_MESSAGE })
    .int(HOLD_DAYS_MESSAGE)
    .min(0, HOLD_DAYS_MESSAGE)
    .max(GIFT_HOLD_DAYS_MAX, HOLD_DAYS_MESSAGE)
    .describe('days coins bought with PayPal wait before they can be gifted (earned coins never wait); 0: no hold'),
});
export type TGiftingSettings = z.infer<typeof ZGiftingSettings>;

/** `PUT /api/admin/gifting`: either field, or both. */
export const ZGiftingSettingsUpdate = ZGiftingSettings.partial().refine(
  (v) => v.enabled !== undefined || v.holdDays !== undefined,
  { message: 'No changes: send enabled, holdDays or both' },
);
export type TGiftingSettingsUpdate = z.input<typeof ZGiftingSettingsUpdate>;
