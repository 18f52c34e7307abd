import { formatNumber } from './format';

// The rules of gifting coins from one viewer to another (issue 27). The money itself moves in the
// api, through the ledger: a gift_sent row on the sender and a gift_received row on the recipient.

export const GIFTING_OFF_MESSAGE = 'Gifting is switched off';
export const GIFT_TO_SELF_MESSAGE = 'You cannot give coins to yourself';
export const GIFT_REQUEST_REUSED_MESSAGE = 'This requestId was already used for another gift';

/** Every account name is unique whatever the case: echo what was typed, so the viewer sees their typo. */
export function unknownRecipientMessage(username: string): string {
  return `There is no user called ${username}`;
}

export function coinsWord(coins: number): string {
  return `${formatNumber(coins)} ${coins === 1 ? 'coin' : 'coins'}`;
}

/** The daily cap counts coins sent per UTC day; the refusal says how many are left today. */
export function dailyGiftCapMessage(cap: number, sentToday: number): string {
  const left = Math.max(0, cap - sentToday);
  return left === 0
    ? `You can give at most ${coinsWord(cap)} a day, and you have reached that today`
    : `You can give at most ${coinsWord(cap)} a day; you can give ${coinsWord(left)} more today`;
}

/** Midnight UTC of the day `at` falls in: the daily cap starts again there. */
export function utcDayStart(at: number): number {
  const d = new Date(at);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate());
}

/** The ledger's description column holds 255 characters (code points on MySQL). */
const DESCRIPTION_MAX = 255;

function clip(text: string): string {
  const points = Array.from(text);
  return points.length <= DESCRIPTION_MAX ? text : `${points.slice(0, DESCRIPTION_MAX - 2).join('')}…"`;
}

const quoted = (message: string | null) => (message ? `: "${message}"` : '');

/** The sender's ledger row: 'Gift to bob: "gg"'. A long message is cut to fit the column. */
export function giftSentDescription(toUsername: string, message: string | null): string {
  return clip(`Gift to ${toUsername}${quoted(message)}`);
}

/** The recipient's ledger row: 'Gift from alice: "gg"'. */
export function giftReceivedDescription(fromUsername: string, message: string | null): string {
  return clip(`Gift from ${fromUsername}${quoted(message)}`);
}

/** The reply to the sender. */
export function giftSentMessage(toUsername: string, coins: number): string {
  return `You gave ${toUsername} ${coinsWord(coins)}`;
}

/** The recipient's toast: 'alice gave you 100 coins: "gg"', without the quote when there is no message. */
export function giftReceivedText(from: string, coins: number, message: string | null | undefined): string {
  return `${from} gave you ${coinsWord(coins)}${quoted(message ?? null)}`;
}
