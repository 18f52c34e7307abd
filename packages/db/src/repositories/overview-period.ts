import { DAY_MS, utcDayNumber } from '@shop/domain';

export interface OverviewPeriod {
  /** First and last UTC day numbers, both included. */
  fromDay: number;
  toDay: number;
  fromMs: number;
  /** Exclusive end. */
  toMs: number;
}

export function overviewPeriod(now: number, days: number): OverviewPeriod {
  const toDay = utcDayNumber(now);
  const fromDay = toDay - days + 1;
  return { fromDay, toDay, fromMs: fromDay * DAY_MS, toMs: (toDay + 1) * DAY_MS };
}

/** mysql2 answers SUM of BIGINT as decimal text; SQLite as numbers. */
export const asNumber = (value: unknown): number => Number(value ?? 0);
