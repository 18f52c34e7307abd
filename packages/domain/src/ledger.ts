/** Kinds of ledger rows (DESIGN.md 'Money'). Amounts are integer coins: positive credits, negative debits. */
export const TRANSACTION_TYPES = ['purchase', 'action', 'refund', 'reward', 'conversion', 'admin_grant'] as const;
export type TTransactionType = (typeof TRANSACTION_TYPES)[number];

export interface TTransaction {
  id: number;
  type: TTransactionType;
  amount: number;
  description: string;
  createdAt: string;
}

export function assertPositiveCoins(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new Error(`a ledger amount must be a positive whole number of coins, got ${amount}`);
  }
}
