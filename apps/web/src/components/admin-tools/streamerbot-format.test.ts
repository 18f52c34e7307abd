import { describe, expect, it } from 'vitest';
import { coinsPerHundredPoints, formatRate, maskSecret } from './streamerbot-format';

const rule = { rewardTitle: null, conversionRate: 0.1, minimumPoints: 100, maxCoinsPerRedemption: 1000 };

describe('Streamer.bot conversion display', () => {
  it('shows the rate as a percentage', () => {
    expect(formatRate(0.1)).toBe('10%');
    expect(formatRate(0.07)).toBe('7%');
    expect(formatRate(0.025)).toBe('2.5%');
    expect(formatRate(1)).toBe('100%');
  });

  it('says what 100 points are worth, rounded down and capped', () => {
    expect(coinsPerHundredPoints(rule)).toBe(10);
    expect(coinsPerHundredPoints({ ...rule, conversionRate: 0.025 })).toBe(2);
    expect(coinsPerHundredPoints({ ...rule, conversionRate: 0.07 })).toBe(7);
    expect(coinsPerHundredPoints({ ...rule, conversionRate: 5, maxCoinsPerRedemption: 300 })).toBe(300);
  });

  it('masks a secret without revealing any of it', () => {
    expect(maskSecret('abc123')).toBe('••••••');
  });
});
