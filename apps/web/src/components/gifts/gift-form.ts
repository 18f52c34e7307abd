import { coinsWord, GIFT_MSG, INSUFFICIENT_COINS, type TGift, ZGiftForm } from '@shop/domain';

/** The 'Give coins' form as Mantine holds it: a NumberInput is '' while empty. */
export interface GiftFormValues {
  toUsername: string;
  coins: number | string;
  message: string;
}

export const emptyGift = (toUsername = ''): GiftFormValues => ({ toUsername, coins: '', message: '' });

function parsed(values: GiftFormValues) {
  return ZGiftForm.safeParse({
    toUsername: values.toUsername,
    coins: values.coins === '' ? undefined : Number(values.coins),
    message: values.message,
  });
}

/**
 * Field errors, from the same schema the server checks (gift-schemas.ts), plus the balance the
 * server would refuse with 402: saying so here saves a round trip.
 */
export function giftFormErrors(values: GiftFormValues, balance: number): Partial<Record<keyof GiftFormValues, string>> {
  const result = parsed(values);
  const errors: Partial<Record<keyof GiftFormValues, string>> = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as keyof GiftFormValues | undefined;
      if (field && !errors[field])
        errors[field] = field === 'coins' && values.coins === '' ? GIFT_MSG.coinsMin : issue.message;
    }
  }
  if (!errors.coins && Number(values.coins) > balance) {
    errors.coins = `${INSUFFICIENT_COINS}: you have ${coinsWord(balance)}`;
  }
  return errors;
}

/** The request for valid values; the requestId is the dialog's, so a retry moves the coins once. */
export function giftRequest(values: GiftFormValues, requestId: string): TGift {
  const message = values.message.trim();
  return {
    toUsername: values.toUsername.trim(),
    coins: Number(values.coins),
    message: message === '' ? null : message,
    requestId,
  };
}

/** The confirm line of the dialog's button: 'Give 100 coins to bob'. */
export function giveLabel(values: GiftFormValues): string {
  const coins = Number(values.coins);
  const name = values.toUsername.trim();
  if (!Number.isInteger(coins) || coins < 1) return 'Give coins';
  return name ? `Give ${coinsWord(coins)} to ${name}` : `Give ${coinsWord(coins)}`;
}
