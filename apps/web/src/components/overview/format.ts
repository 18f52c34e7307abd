import { formatCents, formatNumber, type TOverviewDay } from '@shop/domain';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** '2026-01-03' -> 'Jan 3': the chart axis. The day is a UTC day and stays one (no local shift). */
export function shortDay(day: string): string {
  const [, month, date] = day.split('-');
  return `${MONTHS[Number(month) - 1] ?? month} ${Number(date)}`;
}

export interface ChartDay extends TOverviewDay {
  label: string;
  /** Dollars for the chart's scale; tooltips format them back as money. */
  money: number;
}

export function chartDays(daily: readonly TOverviewDay[]): ChartDay[] {
  return daily.map((d) => ({ ...d, label: shortDay(d.day), money: d.moneyCents / 100 }));
}

export interface OverviewTotals {
  coinsSold: number;
  moneyCents: number;
  triggers: number;
  refunds: number;
  failedDeliveries: number;
}

export function totalsOf(daily: readonly TOverviewDay[]): OverviewTotals {
  const totals: OverviewTotals = { coinsSold: 0, moneyCents: 0, triggers: 0, refunds: 0, failedDeliveries: 0 };
  for (const d of daily) {
    totals.coinsSold += d.coinsSold;
    totals.moneyCents += d.moneyCents;
    totals.triggers += d.triggers;
    totals.refunds += d.refunds;
    totals.failedDeliveries += d.failedDeliveries;
  }
  return totals;
}

export const formatDollars = (dollars: number) => `$${formatCents(Math.round(dollars * 100))}`;
export const formatMoneyCents = (cents: number) => `$${formatCents(cents)}`;
export const formatCount = (value: number) => formatNumber(value);

/** 0.987 -> '98.7%', null (nothing settled) -> '—'. */
export function formatRate(rate: number | null): string {
  if (rate === null) return '—';
  const percent = rate * 100;
  return `${Number.isInteger(percent) ? percent : percent.toFixed(1)}%`;
}
