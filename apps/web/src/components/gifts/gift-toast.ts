import { giftReceivedText, type TBalanceChangedMessage } from '@shop/domain';
import { notify } from '../../lib/notify';

export const GIFT_RECEIVED_TITLE = 'You received a gift';

/** 'alice gave you 100 coins: "gg"'; null for a balance change that is no gift. */
export function giftToastText(message: TBalanceChangedMessage): string | null {
  if (message.reason !== 'gift') return null;
  return giftReceivedText(message.from || 'Someone', message.amount, message.message);
}

/** The recipient's toast, shown by the realtime provider on a balance_changed of reason 'gift'. */
export function showGiftReceived(message: TBalanceChangedMessage): void {
  const text = giftToastText(message);
  if (text !== null) notify.success(GIFT_RECEIVED_TITLE, text);
}
