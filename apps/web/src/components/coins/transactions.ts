import type { TTransaction, TTransactionType } from '@shop/domain';

/** Dashboard stat cards (viewer-spec section 2, dashboard item 1), all in whole coins or counts. */
export interface TransactionStats {
  actionsTriggered: number;
  /** Coins spent on actions, as a positive number; refunds are their own rows and are not netted here. */
  totalSpent: number;
  coinsPurchased: number;
}

export function transactionStats(transactions: readonly TTransaction[]): TransactionStats {
  const stats: TransactionStats = { actionsTriggered: 0, totalSpent: 0, coinsPurchased: 0 };
  for (const t of transactions) {
    if (t.type === 'action') {
      stats.actionsTriggered += 1;
      stats.totalSpent += Math.abs(t.amount);
    } else if (t.type === 'purchase') {
      stats.coinsPurchased += t.amount;
    }
  }
  return stats;
}

/** The history tabs: everything, purchases only, or spending (type action) only. */
export type HistoryFilter = 'all' | 'purchases' | 'spending';

export function filterTransactions(transactions: readonly TTransaction[], filter: HistoryFilter): TTransaction[] {
  if (filter === 'purchases') return transactions.filter((t) => t.type === 'purchase');
  if (filter === 'spending') return transactions.filter((t) => t.type === 'action');
  return [...transactions];
}

/** Newest first, whatever order the server used; equal times keep the higher id (the later row) first. */
export function newestFirst(transactions: readonly TTransaction[]): TTransaction[] {
  return [...transactions].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id);
}

export function latestTransactions(transactions: readonly TTransaction[], count: number): TTransaction[] {
  return newestFirst(transactions).slice(0, count);
}

/** Credits (purchases, refunds, rewards...) are green with a plus; debits red. Colour follows the sign, not the type. */
export function amountColor(amount: number): 'green' | 'red' {
  return amount > 0 ? 'green' : 'red';
}

const TYPE_LABELS: Record<TTransactionType, string> = {
  purchase: 'Purchase',
  action: 'Action',
  refund: 'Refund',
  reward: 'Reward',
  conversion: 'Conversion',
  admin_grant: 'Admin Grant',
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
