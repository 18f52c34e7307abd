import type { TTransaction, TTransactionType } from '@shop/domain';

/** Newest first, whatever order the server used; equal times keep the higher id (the later row) first. */
export function newestFirst(transactions: readonly TTransaction[]): TTransaction[] {
  return [...transactions].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id);
}

/** Credits (purchases, refunds, rewards...) are green with a plus; debits red. Colour follows the sign, not the type. */
export function amountColor(amount: number): 'green' | 'red' {
  return amount > 0 ? 'green' : 'red';
}

const TYPE_LABELS: Record<TTransactionType, string> = {
  purchase: 'Purchase',
  action: 'Action',
  refund: 'Refund',
  reward: 'Watch Reward',
  conversion: 'Channel Points',
  admin_grant: 'Admin Grant',
  chargeback: 'Payment Reversed',
  admin_adjustment: 'Admin Adjustment',
  pool_contribution: 'Crowd Goal',
  pool_refund: 'Crowd Goal Refund',
  gift_sent: 'Gift Sent',
  gift_received: 'Gift Received',
};

export function typeLabel(type: TTransactionType): string {
  return TYPE_LABELS[type] ?? type;
}

function dateParts(iso: string, timeZone: string | undefined): Record<string, string> {
  const parts = new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: '2-digit',
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
    timeZone,
  }).formatToParts(new Date(iso));
  return Object.fromEntries(parts.map((p) => [p.type, p.value]));
}

/**
 * The spec's 'MMM dd, yyyy h:mm a', e.g. 'Nov 02, 2026 3:05 PM'. Built from Intl parts because
 * Intl's own en-US layout puts a comma after the year. `timeZone` is for tests; the page uses local time.
 */
export function formatDateTime(iso: string, timeZone?: string): string {
  const p = dateParts(iso, timeZone);
  return `${p.month} ${p.day}, ${p.year} ${p.hour}:${p.minute} ${p.dayPeriod}`;
}

/** Day heading of the grouped history, 'MMM dd, yyyy'. */
export function formatDay(iso: string, timeZone?: string): string {
  const p = dateParts(iso, timeZone);
  return `${p.month} ${p.day}, ${p.year}`;
}

export interface TransactionDay {
  /** 'Nov 22, 2026': unique per calendar day, so it doubles as the React key. */
  day: string;
  transactions: TTransaction[];
}

/** 'All Transactions' tab: newest day first, each day's rows newest first, days by the viewer's calendar. */
export function groupByDay(transactions: readonly TTransaction[], timeZone?: string): TransactionDay[] {
  const days: TransactionDay[] = [];
  for (const t of newestFirst(transactions)) {
    const day = formatDay(t.createdAt, timeZone);
    const last = days.at(-1);
    if (last?.day === day) last.transactions.push(t);
    else days.push({ day, transactions: [t] });
  }
  return days;
}
