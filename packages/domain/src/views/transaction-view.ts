import type { TTransaction } from '../ledger';
import { type StoredTriggerDelivery, toTransactionDelivery } from './history-view';
import { isoOf } from './stored';

/** A ledger row as stored; an 'action' row of a viewer's own ledger may carry its trigger. */
export interface StoredTransaction {
  id: number;
  type: string;
  amount: number | string;
  description: string;
  created_at: number;
  /** Present (null when the trigger is unknown) on the 'action' rows of a page that asked for it. */
  trigger?: StoredTriggerDelivery | null;
}

export function toTransaction(row: StoredTransaction): TTransaction {
  return {
    id: row.id,
    type: row.type as TTransaction['type'],
    amount: Number(row.amount),
    description: row.description,
    createdAt: isoOf(row.created_at),
    ...(row.trigger !== undefined && { delivery: row.trigger === null ? null : toTransactionDelivery(row.trigger) }),
  };
}
