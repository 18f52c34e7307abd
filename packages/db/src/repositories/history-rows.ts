import type { Executor } from '../executor';
import type { ActionHistoryRow } from '../schema';
import { insertHistory } from './history';

/** What a trigger's state starts as beyond the insert: its timed effect, its place in the queue, its stock. */
type MarkColumns =
  | 'success'
  | 'queue_state'
  | 'approval_expires_at'
  | 'queue_group'
  | 'duration_seconds'
  | 'stop_command'
  | 'ends_at'
  | 'effect_state'
  | 'extends_id'
  | 'took_stock';

/**
 * A trigger's row before it is written: who, what and when, and whatever differs from a fresh
 * trigger (a paid one's request, balance and debit; a timed, queued, extending or stock-taking one's marks).
 */
export type NewHistoryRow = Pick<ActionHistoryRow, 'user_id' | 'action_name' | 'cost' | 'created_at'> & {
  action_id: number;
} & Partial<
    Pick<ActionHistoryRow, 'target' | 'is_test' | 'request_id' | 'balance_after' | 'transaction_id' | MarkColumns>
  >;

const FRESH = {
  target: null,
  is_test: 0,
  success: null,
  refunded: 0,
  request_id: null,
  balance_after: null,
  transaction_id: null,
  queue_state: null,
  approval_expires_at: null,
  queue_group: null,
  queue_rank: 0,
  duration_seconds: 0,
  stop_command: null,
  ends_at: null,
  effect_state: null,
  extends_id: null,
  took_stock: 0,
} as const satisfies Omit<ActionHistoryRow, 'id' | 'user_id' | 'action_id' | 'action_name' | 'cost' | 'created_at'>;

const MARKS: readonly MarkColumns[] = [
  'success',
  'queue_state',
  'approval_expires_at',
  'queue_group',
  'duration_seconds',
  'stop_command',
  'ends_at',
  'effect_state',
  'extends_id',
  'took_stock',
];

/** The row as it stands once written: the worker's receipts and settlement need no read of it. */
export function historyRow(id: number, fields: NewHistoryRow): ActionHistoryRow {
  // A field given as undefined keeps its fresh value.
  const given = Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
  return { ...FRESH, ...(given as NewHistoryRow), id };
}

/**
 * Writes a trigger's row: the insert every trigger makes (one prepared statement), then, only for
 * a trigger that is more than plain, one update with its marks. Returns the row as written.
 */
export async function writeHistory(tx: Executor, fields: NewHistoryRow): Promise<ActionHistoryRow> {
  const id = await insertHistory(tx, {
    userId: fields.user_id,
    actionId: fields.action_id,
    actionName: fields.action_name,
    cost: fields.cost,
    target: fields.target ?? null,
    isTest: fields.is_test === 1,
    requestId: fields.request_id ?? null,
    balanceAfter: fields.balance_after ?? null,
    transactionId: fields.transaction_id ?? null,
    now: fields.created_at,
  });
  const row = historyRow(id, fields);
  const marks: Partial<Pick<ActionHistoryRow, MarkColumns>> = {};
  for (const column of MARKS) {
    if (row[column] !== FRESH[column]) Object.assign(marks, { [column]: row[column] });
  }
  if (Object.keys(marks).length > 0) {
    await tx.updateTable('action_history').set(marks).where('id', '=', id).execute();
  }
  return row;
}
