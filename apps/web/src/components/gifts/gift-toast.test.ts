import { describe, expect, it } from 'vitest';
import { giftToastText } from './gift-toast';

const base = { type: 'balance_changed', balance: 150, amount: 100, timestamp: '2026-01-01T00:00:00.000Z' } as const;

describe('gift toast', () => {
  it('names the giver and quotes their note', () => {
    expect(giftToastText({ ...base, reason: 'gift', from: 'alice', message: 'gg' })).toBe(
      'alice gave you 100 coins: "gg"',
    );
  });

  it('leaves the quote out without a note', () => {
    expect(giftToastText({ ...base, reason: 'gift', from: 'alice', message: null })).toBe('alice gave you 100 coins');
  });

  it('is silent for rewards and conversions', () => {
    expect(giftToastText({ ...base, reason: 'reward' })).toBeNull();
  });
});
