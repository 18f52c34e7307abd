import { describe, expect, it } from 'vitest';
import { convertPoints, redemptionReference, startOfUtcDay, watchRewardReference, watchWindowStart } from './earning';
import { ZStreamerbotRedemption, ZWatchTimeSettingsUpdate } from './earning-schemas';

const rule = { rewardTitle: null, conversionRate: 0.1, minimumPoints: 100, maxCoinsPerRedemption: 1000 };

describe('convertPoints', () => {
  it('gives floor(points x rate), capped at the maximum', () => {
    expect(convertPoints(rule, 100, null)).toEqual({ ok: true, coins: 10 });
    expect(convertPoints(rule, 1239, null)).toEqual({ ok: true, coins: 123 });
    expect(convertPoints(rule, 50_000, null)).toEqual({ ok: true, coins: 1000 });
  });

  it('does not lose a coin to floating point (0.1 x 1000 is 100, 0.7 x 100 is 70)', () => {
    expect(convertPoints(rule, 1000, null)).toEqual({ ok: true, coins: 100 });
    expect(convertPoints({ ...rule, conversionRate: 0.7 }, 100, null)).toEqual({ ok: true, coins: 70 });
    expect(convertPoints({ ...rule, conversionRate: 0.29 }, 100, null)).toEqual({ ok: true, coins: 29 });
  });

  it('refuses points under the minimum and amounts worth no coin', () => {
    expect(convertPoints(rule, 99, null)).toMatchObject({ ok: false, reason: 'below-minimum' });
    expect(convertPoints({ ...rule, minimumPoints: 0 }, 5, null)).toMatchObject({ ok: false, reason: 'no-coins' });
  });

  it('checks the reward title only when one is configured, in any case', () => {
    const titled = { ...rule, rewardTitle: 'Shop Coins' };
    expect(convertPoints(titled, 100, 'shop coins ')).toEqual({ ok: true, coins: 10 });
    expect(convertPoints(titled, 100, 'Hydrate')).toMatchObject({ ok: false, reason: 'wrong-title' });
    expect(convertPoints(titled, 100, undefined)).toMatchObject({ ok: false, reason: 'wrong-title' });
    expect(convertPoints(rule, 100, 'Anything')).toEqual({ ok: true, coins: 10 });
  });
});

describe('watch windows', () => {
  it('are fixed slots of interval x minute, so every process agrees on them', () => {
    expect(watchWindowStart(0, 5, 60_000)).toBe(0);
    expect(watchWindowStart(299_999, 5, 60_000)).toBe(0);
    expect(watchWindowStart(300_000, 5, 60_000)).toBe(300_000);
    expect(watchWindowStart(2_500, 1, 1_000)).toBe(2_000);
  });

  it('give one reference per viewer and window, and one per redemption', () => {
    expect(watchRewardReference(7, 300_000)).toBe('watch:7:300000');
    expect(redemptionReference('abc')).toBe('streamerbot:abc');
  });

  it('count today from midnight UTC', () => {
    expect(startOfUtcDay(Date.UTC(2026, 0, 2, 13, 5))).toBe(Date.UTC(2026, 0, 2));
  });
});

describe('ZStreamerbotRedemption', () => {
  const body = { user: 'fan', rewardTitle: 'Coins', redemptionId: 'r1' };
  it('takes points as a number or as digits (Streamer.bot variables are text)', () => {
    expect(ZStreamerbotRedemption.parse({ ...body, points: 500 }).points).toBe(500);
    expect(ZStreamerbotRedemption.parse({ ...body, points: ' 500 ' }).points).toBe(500);
    for (const points of ['', '5e2', -1, 1.5, null, '12abc']) {
      expect(ZStreamerbotRedemption.safeParse({ ...body, points }).success, String(points)).toBe(false);
    }
  });
});

describe('ZWatchTimeSettingsUpdate', () => {
  it('accepts any subset of the fields, at least one', () => {
    expect(ZWatchTimeSettingsUpdate.parse({ enabled: true })).toEqual({ enabled: true });
    expect(ZWatchTimeSettingsUpdate.parse({ rewardInterval: 1440, coinsPerInterval: 1 })).toEqual({
      rewardInterval: 1440,
      coinsPerInterval: 1,
    });
    expect(ZWatchTimeSettingsUpdate.safeParse({}).success).toBe(false);
  });

  it('words the bounds as the spec does', () => {
    const message = (value: unknown) => ZWatchTimeSettingsUpdate.safeParse(value).error?.issues[0]?.message;
    expect(message({ rewardInterval: 0 })).toBe('Reward interval must be between 1 and 1440 minutes');
    expect(message({ rewardInterval: 1441 })).toBe('Reward interval must be between 1 and 1440 minutes');
    expect(message({ coinsPerInterval: 1001 })).toBe('Coins per interval must be between 1 and 1000');
    expect(message({ coinsPerInterval: 0.5 })).toBe('Coins per interval must be between 1 and 1000');
  });
});
