import { describe, expect, it } from 'vitest';
import { isOverviewEmpty, successRate, utcDayLabel, utcDayNumber, ZOverviewQuery } from './overview';

describe('overview rules', () => {
  it('buckets instants into UTC days', () => {
    expect(utcDayLabel(utcDayNumber(Date.UTC(2026, 0, 3, 23, 59, 59, 999)))).toBe('2026-01-03');
    expect(utcDayLabel(utcDayNumber(Date.UTC(2026, 0, 4)))).toBe('2026-01-04');
  });

  it('rates delivered over settled, and says nothing when nothing settled', () => {
    expect(successRate(3, 1)).toBe(0.75);
    expect(successRate(0, 0)).toBeNull();
  });

  it('takes 1 to 365 whole days, 30 by default', () => {
    expect(ZOverviewQuery.parse(undefined)).toEqual({ days: 30 });
    expect(ZOverviewQuery.parse({ days: '7' })).toEqual({ days: 7 });
    expect(ZOverviewQuery.safeParse({ days: 0 }).success).toBe(false);
    expect(ZOverviewQuery.safeParse({ days: 366 }).success).toBe(false);
    expect(ZOverviewQuery.safeParse({ days: 1.5 }).success).toBe(false);
  });

  it('calls a period without sales, triggers or deliveries empty', () => {
    const day = { day: '2026-01-01', coinsSold: 0, moneyCents: 0, triggers: 0, refunds: 0, failedDeliveries: 0 };
    const base = {
      days: 1,
      from: day.day,
      to: day.day,
      daily: [day],
      topActions: [],
      topSupporters: [],
      endpoints: [],
    };
    expect(isOverviewEmpty(base)).toBe(true);
    expect(isOverviewEmpty({ ...base, daily: [{ ...day, triggers: 1 }] })).toBe(false);
  });
});
