import { describe, expect, it } from 'vitest';
import {
  endpointRates,
  isOverviewEmpty,
  REMOVED_ENDPOINT_LABEL,
  successRate,
  utcDayLabel,
  utcDayNumber,
  ZOverviewQuery,
} from './overview';

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

describe('delivery success per endpoint', () => {
  const known = (description: string | null, url: string | null = null) => ({ description, url });

  it('lists known endpoints by id, named by description, else URL, else id; deleted ones last, together', () => {
    const rates = endpointRates([
      { endpointId: 9, delivered: 1, failed: 1, endpoint: null },
      { endpointId: 3, delivered: 0, failed: 2, endpoint: known('', 'rcon://mc:25575') },
      { endpointId: 1, delivered: 3, failed: 1, endpoint: known('Survival') },
      { endpointId: 0, delivered: 2, failed: 0, endpoint: null },
      { endpointId: 4, delivered: 1, failed: 0, endpoint: known(null, null) },
    ]);
    expect(rates).toEqual([
      { endpointId: 1, description: 'Survival', delivered: 3, failed: 1, successRate: 0.75 },
      { endpointId: 3, description: 'rcon://mc:25575', delivered: 0, failed: 2, successRate: 0 },
      { endpointId: 4, description: 'Endpoint 4', delivered: 1, failed: 0, successRate: 1 },
      { endpointId: null, description: REMOVED_ENDPOINT_LABEL, delivered: 3, failed: 1, successRate: 0.75 },
    ]);
  });

  it('leaves out a known endpoint with nothing settled, and the removed group when it is empty', () => {
    expect(
      endpointRates([
        { endpointId: 2, delivered: 0, failed: 0, endpoint: known('Idle') },
        { endpointId: 0, delivered: 0, failed: 0, endpoint: null },
      ]),
    ).toEqual([]);
  });
});
