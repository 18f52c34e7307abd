import { describe, expect, it } from 'vitest';
import { ZGift, ZGiftForm } from './gift-schemas';
import {
  dailyGiftCapMessage,
  giftableCoins,
  giftHoldMessage,
  giftReceivedDescription,
  giftReceivedText,
  giftSentDescription,
  utcDayStart,
} from './gifts';
import { DAY_MS } from './overview';

describe('gift schema', () => {
  it('trims the message and the name, and keeps 200 characters', () => {
    expect(ZGiftForm.parse({ toUsername: ' bob ', coins: 5, message: `  ${'a'.repeat(200)}\n` })).toEqual({
      toUsername: 'bob',
      coins: 5,
      message: 'a'.repeat(200),
    });
  });

  it('refuses 201 characters, hidden characters, fractions and less than a coin', () => {
    const fails = (v: Record<string, unknown>) => !ZGiftForm.safeParse({ toUsername: 'bob', coins: 1, ...v }).success;
    expect(fails({ message: 'a'.repeat(201) })).toBe(true);
    expect(fails({ message: 'a\u200Bb' })).toBe(true);
    expect(fails({ coins: 1.5 })).toBe(true);
    expect(fails({ coins: 0 })).toBe(true);
    expect(fails({ message: null })).toBe(false);
  });

  it('needs a requestId on the server', () => {
    expect(ZGift.safeParse({ toUsername: 'bob', coins: 1 }).success).toBe(false);
    expect(ZGift.safeParse({ toUsername: 'bob', coins: 1, requestId: 'abcdefgh' }).success).toBe(true);
  });
});

describe('gift wording', () => {
  it('quotes the message only when there is one', () => {
    expect(giftSentDescription('bob', 'gg')).toBe('Gift to bob: "gg"');
    expect(giftReceivedDescription('alice', null)).toBe('Gift from alice');
    expect(giftReceivedText('alice', 100, 'gg')).toBe('alice gave you 100 coins: "gg"');
    expect(giftReceivedText('alice', 1, null)).toBe('alice gave you 1 coin');
  });

  it('cuts a description to the ledger column, counting code points', () => {
    const long = giftReceivedDescription('x'.repeat(50), '😀'.repeat(200));
    expect(Array.from(long)).toHaveLength(255);
    expect(long.endsWith('…"')).toBe(true);
  });

  it('says how much is left today', () => {
    expect(dailyGiftCapMessage(5000, 4000)).toBe(
      'You can give at most 5,000 coins a day; you can give 1,000 coins more today',
    );
    expect(dailyGiftCapMessage(5000, 5000)).toBe(
      'You can give at most 5,000 coins a day, and you have reached that today',
    );
  });

  it('starts the day at midnight UTC', () => {
    expect(utcDayStart(Date.UTC(2026, 10, 28, 23, 59, 59, 999))).toBe(Date.UTC(2026, 10, 28));
    expect(utcDayStart(Date.UTC(2026, 10, 29))).toBe(Date.UTC(2026, 10, 29));
  });
});

describe('the hold on bought coins', () => {
  const HOLD = 7 * DAY_MS;
  it('frees earned coins at once and bought ones after the hold, oldest first', () => {
    const purchases = [
      { coins: 100, at: 10 * DAY_MS },
      { coins: 50, at: 12 * DAY_MS },
    ];
    // 200 on the balance, 150 of them bought in the hold: 50 free now, 100 more when the first purchase's hold ends.
    expect(giftableCoins(200, purchases, 13 * DAY_MS, HOLD)).toEqual({
      now: 50,
      next: { coins: 100, at: 17 * DAY_MS },
    });
    expect(giftableCoins(200, purchases, 17 * DAY_MS, HOLD)).toEqual({
      now: 150,
      next: { coins: 50, at: 19 * DAY_MS },
    });
    expect(giftableCoins(200, purchases, 19 * DAY_MS, HOLD)).toEqual({ now: 200, next: null });
  });

  it('counts spending against the free coins first', () => {
    // Bought 100, spent 60 of the balance: the 40 left are the purchase's until its hold ends.
    const purchases = [{ coins: 100, at: DAY_MS }];
    expect(giftableCoins(40, purchases, 2 * DAY_MS, HOLD)).toEqual({ now: 0, next: { coins: 40, at: 8 * DAY_MS } });
  });

  it('holds nothing with a hold of zero days', () => {
    expect(giftableCoins(40, [{ coins: 40, at: DAY_MS }], DAY_MS, 0)).toEqual({ now: 40, next: null });
  });

  it('says what can be given now and when more can', () => {
    expect(giftHoldMessage(7, { now: 20, next: { coins: 80, at: Date.UTC(2026, 11, 14, 10, 0) } })).toBe(
      'Coins bought in the last 7 days cannot be gifted yet: you can give 20 coins now, and 80 coins more from 2026-12-14 10:00 UTC',
    );
    expect(giftHoldMessage(1, { now: 0, next: { coins: 1, at: Date.UTC(2026, 0, 2) } })).toBe(
      'Coins bought in the last day cannot be gifted yet: none of your coins can be given now, and 1 coin more from 2026-01-02 00:00 UTC',
    );
  });
});
