import { describe, expect, it } from 'vitest';
import { chartDays, formatDollars, formatMoneyCents, formatRate, shortDay, totalsOf } from './format';

describe('overview formatting', () => {
  it('labels UTC days without shifting them to local time', () => {
    expect(shortDay('2026-01-03')).toBe('Jan 3');
    expect(shortDay('2026-12-31')).toBe('Dec 31');
  });

  it('shows money and rates as people read them', () => {
    expect(formatMoneyCents(62737)).toBe('$627.37');
    expect(formatDollars(4.99)).toBe('$4.99');
    expect(formatRate(0.914)).toBe('91.4%');
    expect(formatRate(1)).toBe('100%');
    expect(formatRate(null)).toBe('—');
  });

  it('sums the period and converts cents for the money chart', () => {
    const daily = [
      { day: '2026-01-01', coinsSold: 550, moneyCents: 499, triggers: 2, refunds: 1, failedDeliveries: 1 },
      { day: '2026-01-02', coinsSold: 100, moneyCents: 99, triggers: 3, refunds: 0, failedDeliveries: 0 },
    ];
    expect(totalsOf(daily)).toEqual({ coinsSold: 650, moneyCents: 598, triggers: 5, refunds: 1, failedDeliveries: 1 });
    expect(chartDays(daily).map((d) => [d.label, d.money])).toEqual([
      ['Jan 1', 4.99],
      ['Jan 2', 0.99],
    ]);
  });
});
