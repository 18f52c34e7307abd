import type { TTransactionDelivery } from './delivery-states';

/** Kinds of ledger rows (DESIGN.md 'Money'). Amounts are integer coins: positive credits, negative debits. */
export const TRANSACTION_TYPES = [
  'purchase',
  'action',
  'refund',
  'reward',
  'conversion',
  'admin_grant',
  // Coins taken back because PayPal refunded or reversed the purchase that paid for them.
  'chargeback',
  // An admin's manual correction (either sign), with the reason in the description.
  'admin_adjustment',
  // Coins put toward a crowd goal (viewer-spec section 12), and each one given back when the goal expired or its delivery failed.
  'pool_contribution',
  'pool_refund',
  // A gift between viewers: the sender's row (negative) and the recipient's (positive), one transaction.
  'gift_sent',
  'gift_received',
] as const;
export type TTransactionType = (typeof TRANSACTION_TYPES)[number];

export interface TTransaction {
  id: number;
  type: TTransactionType;
  amount: number;
  description: string;
  createdAt: string;
  /** 'action' rows of the viewer's own ledger: the trigger's delivery state; absent elsewhere. */
  delivery?: TTransactionDelivery | null;
}

export function assertPositiveCoins(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new Error(`a ledger amount must be a positive whole number of coins, got ${amount}`);
  }
}

/** Coins bought: purchases, and the chargebacks that took some of them back when PayPal returned the money. */
export const PURCHASE_TYPES: readonly TTransactionType[] = ['purchase', 'chargeback'];

/**
 * The viewer's spending: triggers, crowd-goal shares and gifts sent, with the refunds that gave some
 * of them back. The Spending tab lists these rows and Total Spent is minus their sum, so the two agree.
 */
export const SPENDING_TYPES: readonly TTransactionType[] = [
  'action',
  'refund',
  'pool_contribution',
  'pool_refund',
  'gift_sent',
];

/** Which rows a history tab shows: every row, purchases (PURCHASE_TYPES) or spending (SPENDING_TYPES). */
export const TRANSACTION_FILTERS = ['all', 'purchases', 'spending'] as const;
export type TTransactionFilter = (typeof TRANSACTION_FILTERS)[number];

export const TRANSACTIONS_PAGE_DEFAULT = 50;
export const TRANSACTIONS_PAGE_MAX = 200;

export interface TTransactionsPage {
  items: TTransaction[];
  /** Pass back as `cursor` for the next (older) page; null when this was the last. */
  nextCursor: string | null;
}

/** Where a page ended: the (createdAt, id) of its last row, newest-first order. */
export interface TLedgerPosition {
  createdAt: number;
  id: number;
}

/** An opaque-looking but plain cursor: `<createdAt>.<id>` of the last row shown. */
export function encodeLedgerCursor(position: TLedgerPosition): string {
  return `${position.createdAt}.${position.id}`;
}

/** null for anything that is not a cursor this server made. */
export function decodeLedgerCursor(cursor: string): TLedgerPosition | null {
  const match = /^(\d{1,15})\.(\d{1,15})$/.exec(cursor);
  if (!match) return null;
  return { createdAt: Number(match[1]), id: Number(match[2]) };
}
