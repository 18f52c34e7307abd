import { describe, expect, it } from 'vitest';
import { ZGift, ZGiftForm } from './gift-schemas';
import {
  dailyGiftCapMessage,
  giftReceivedDescription,
  giftReceivedText,
  giftSentDescription,
  utcDayStart,
} from './gifts';

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
