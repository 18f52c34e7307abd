import { z } from 'zod';

export const OVERVIEW_DAYS_DEFAULT = 30;
export const OVERVIEW_DAYS_MAX = 365;
/** The periods the overview's selector offers; the API takes any whole number of days in range. */
export const OVERVIEW_PERIODS = [7, 30, 90] as const;
export const DAY_MS = 86_400_000;

/** `GET /api/admin/overview?days=30`: the same schema checks the web app's calls. */
export const ZOverviewQuery = z
  .object({
    days: z.coerce
      .number({ error: 'days must be a number' })
      .int('days must be a whole number')
      .min(1, 'days must be at least 1')
      .max(OVERVIEW_DAYS_MAX, `days must be at most ${OVERVIEW_DAYS_MAX}`)
      .default(OVERVIEW_DAYS_DEFAULT),
  })
  .default({ days: OVERVIEW_DAYS_DEFAULT });
export type TOverviewQuery = z.input<typeof ZOverviewQuery>;

/** One UTC day of the period; `day` is its date, YYYY-MM-DD. Money in integer cents. */
export const ZOverviewDay = z.object({
  day: z.string(),
  coinsSold: z.number().int(),
  moneyCents: z.number().int(),
  triggers: z.number().int(),
  refunds: z.number().int(),
  failedDeliveries: z.number().int(),
});
export type TOverviewDay = z.infer<typeof ZOverviewDay>;

export const ZOverviewTopAction = z.object({
  actionId: z.number().int().nullable(),
  name: z.string(),
  triggers: z.number().int(),
  coins: z.number().int(),
});
export type TOverviewTopAction = z.infer<typeof ZOverviewTopAction>;

export const ZOverviewTopSupporter = z.object({
  userId: z.number().int(),
  username: z.string(),
  displayName: z.string().nullable(),
  coins: z.number().int(),
  triggers: z.number().int(),
});
export type TOverviewTopSupporter = z.infer<typeof ZOverviewTopSupporter>;

export const ZOverviewEndpointRate = z.object({
  /** null: the endpoint was deleted since (its deliveries are grouped as one 'Removed endpoint'). */
  endpointId: z.number().int().nullable(),
  description: z.string(),
  delivered: z.number().int(),
  failed: z.number().int(),
  /** delivered / (delivered + failed), 0..1; null when nothing settled in the period. */
  successRate: z.number().nullable(),
});
export type TOverviewEndpointRate = z.infer<typeof ZOverviewEndpointRate>;

export const ZOverview = z.object({
  days: z.number().int(),
  /** The period covers these UTC days, both included. */
  from: z.string(),
  to: z.string(),
  daily: z.array(ZOverviewDay),
  topActions: z.array(ZOverviewTopAction),
  topSupporters: z.array(ZOverviewTopSupporter),
  endpoints: z.array(ZOverviewEndpointRate),
});
export type TOverview = z.infer<typeof ZOverview>;

export const REMOVED_ENDPOINT_LABEL = 'Removed endpoint';

/** The UTC day number (days since 1970-01-01) of an instant. */
export function utcDayNumber(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/** YYYY-MM-DD of a UTC day number. */
export function utcDayLabel(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

/** delivered / (delivered + failed), or null when nothing settled. */
export function successRate(delivered: number, failed: number): number | null {
  const settled = delivered + failed;
  return settled === 0 ? null : delivered / settled;
}

/** True when the period had nothing to show: the screen says so instead of drawing flat lines. */
export function isOverviewEmpty(overview: TOverview): boolean {
  return (
    overview.daily.every(
      (d) => d.coinsSold === 0 && d.moneyCents === 0 && d.triggers === 0 && d.refunds === 0 && d.failedDeliveries === 0,
    ) && overview.endpoints.length === 0
  );
}

/** Settled deliveries of one endpoint id in a period; `endpoint` is null once it was deleted. */
export interface TEndpointTotals {
  endpointId: number;
  delivered: number;
  failed: number;
  endpoint: { description: string | null; url: string | null } | null;
}

/**
 * The overview's delivery success per endpoint: known endpoints with anything settled, by id, named
 * by their description (else their URL); the deleted ones together, last, as one group.
 */
export function endpointRates(totals: readonly TEndpointTotals[]): TOverviewEndpointRate[] {
  const rates: TOverviewEndpointRate[] = [];
  const removed = { delivered: 0, failed: 0 };
  for (const t of [...totals].sort((a, b) => a.endpointId - b.endpointId)) {
    if (t.endpoint === null) {
      removed.delivered += t.delivered;
      removed.failed += t.failed;
    } else if (t.delivered + t.failed > 0) {
      rates.push({
        endpointId: t.endpointId,
        description: t.endpoint.description || t.endpoint.url || `Endpoint ${t.endpointId}`,
        delivered: t.delivered,
        failed: t.failed,
        successRate: successRate(t.delivered, t.failed),
      });
    }
  }
  if (removed.delivered + removed.failed > 0) {
    rates.push({
      endpointId: null,
      description: REMOVED_ENDPOINT_LABEL,
      ...removed,
      successRate: successRate(removed.delivered, removed.failed),
    });
  }
  return rates;
}
