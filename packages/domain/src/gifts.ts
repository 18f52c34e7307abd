import { formatNumber } from './format';
import { DAY_MS } from './overview';

// The rules of gifting coins from one viewer to another (viewer-spec section 12). The money itself moves in the
// api, through the ledger: a gift_sent row on the sender and a gift_received row on the recipient.

export const GIFTING_OFF_MESSAGE = 'Gifting is switched off';
export const GIFT_TO_SELF_MESSAGE = 'You cannot give coins to yourself';
export const GIFT_REQUEST_REUSED_MESSAGE = 'This requestId was already used for another gift';

/** A disabled account takes no gifts: the sender is told, and nothing moves. */
export function recipientDisabledMessage(username: string): string {
  return `${username}'s account is disabled and cannot receive gifts`;
}

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

/** Days bought coins wait before they can be gifted, unless the admin sets otherwise (0 to 90). */
export const GIFT_HOLD_DAYS_DEFAULT = 7;
export const GIFT_HOLD_DAYS_MAX = 90;

/** The hold in milliseconds. */
export const giftHoldMs = (days: number): number => days * DAY_MS;

/** A purchase still within the hold: its coins and when it was credited. */
export interface HeldPurchase {
  coins: number;
  at: number;
}

export interface GiftableCoins {
  /** What the viewer may give now. */
  now: number;
  /** The first moment that grows, and by how much; null when nothing held is left to release. */
  next: { coins: number; at: number } | null;
}

/**
 * How much of a balance may be gifted at `at`: coins bought less than `holdMs` ago stay on the balance
 * until a refund or dispute of theirs could have arrived (take-back.ts can then still find them);
 * everything else, earned coins included, may go at once. Spending is counted against the free coins
 * first, so whatever is left on the balance covers the held purchases before any coin is giftable.
 */
export function giftableCoins(
  balance: number,
  purchases: readonly HeldPurchase[],
  at: number,
  holdMs: number,
): GiftableCoins {
  const held = purchases.filter((p) => p.at + holdMs > at).sort((a, b) => a.at - b.at);
  let stillHeld = held.reduce((sum, p) => sum + p.coins, 0);
  const now = Math.max(0, balance - stillHeld);
  for (const purchase of held) {
    stillHeld -= purchase.coins;
    const then = Math.max(0, balance - stillHeld);
    if (then > now) return { now, next: { coins: then - now, at: purchase.at + holdMs } };
  }
  return { now, next: null };
}

/** '2026-12-14 10:00 UTC': one reading for every viewer, whatever their time zone. */
function utcMinute(at: number): string {
  return `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

/** The refusal of a gift larger than the coins free to give: how many are, and when more will be. */
export function giftHoldMessage(holdDays: number, giftable: GiftableCoins): string {
  const days = holdDays === 1 ? 'day' : `${holdDays} days`;
  const now =
    giftable.now === 0 ? 'none of your coins can be given now' : `you can give ${coinsWord(giftable.now)} now`;
  const more = giftable.next ? `, and ${coinsWord(giftable.next.coins)} more from ${utcMinute(giftable.next.at)}` : '';
  return `Coins bought in the last ${days} cannot be gifted yet: ${now}${more}`;
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
