import {
  assertPositiveCoins,
  PURCHASE_TYPES,
  SPENDING_TYPES,
  type TLedgerPosition,
  type TTransaction,
  type TTransactionFilter,
  type TTransactionType,
  type TUserStats,
} from '@shop/domain';
import { sql } from 'kysely';
import { compiledOnce } from '../compiled-once';
import type { Executor } from '../executor';
import { type TriggerDeliveries, triggersOfTransactions } from './history';

export interface LedgerEntry {
  userId: number;
  /** Positive whole coins; the sign is given by credit or debit. */
  amount: number;
  type: TTransactionType;
  description: string;
  /** Unique idempotency key (a PayPal order id, a trigger id...). A repeat fails with a unique violation. */
  reference?: string | null;
  now: number;
}

/**
 * Adds coins and writes the ledger row. Call inside the caller's transaction so both land or neither.
 * The balance is updated first on purpose: on MySQL the ledger insert's foreign key takes a shared
 * lock on the user row, and two transactions holding that shared lock while both wait to upgrade
 * it deadlock. Taking the exclusive row lock first serialises them instead. A repeated reference
 * still fails the whole transaction, so the balance change is rolled back with it.
 */
export async function credit(tx: Executor, entry: LedgerEntry): Promise<number> {
  assertPositiveCoins(entry.amount);
  await tx
    .updateTable('users')
    .set({ coin_balance: sql`coin_balance + ${entry.amount}` })
    .where('id', '=', entry.userId)
    .execute();
  return insertLedgerRow(tx, entry, entry.amount);
}

/**
 * Takes coins only if the balance covers them, in one conditional statement so concurrent debits
 * cannot overdraw. Returns null, having changed nothing, when the balance is short.
 */
export async function debit(tx: Executor, entry: LedgerEntry): Promise<number | null> {
  assertPositiveCoins(entry.amount);
  const result = await conditionalDebit(tx, entry.amount, entry.userId);
  if (Number(result.numAffectedRows ?? 0) === 0) return null;
  return insertLedgerRow(tx, entry, -entry.amount);
}

// Both run on every trigger and every purchase: built once (compiled-once.ts).
const conditionalDebit = compiledOnce(2, (tx, amount: number, userId: number) =>
  tx
    .updateTable('users')
    .set({ coin_balance: sql`coin_balance - ${amount}` })
    .where('id', '=', userId)
    .where('coin_balance', '>=', amount),
);

const insertTransaction = compiledOnce(
  6,
  (
    tx,
    userId: number,
    type: TTransactionType,
    amount: number,
    description: string,
    reference: string | null,
    at: number,
  ) =>
    tx.insertInto('transactions').values({
      user_id: userId,
      type,
      amount,
      description,
      reference,
      created_at: at,
    }),
);

async function insertLedgerRow(tx: Executor, entry: LedgerEntry, signedAmount: number): Promise<number> {
  const result = await insertTransaction(
    tx,
    entry.userId,
    entry.type,
    signedAmount,
    entry.description,
    entry.reference ?? null,
    entry.now,
  );
  if (result.insertId === undefined) throw new Error('the ledger row was not written');
  return Number(result.insertId);
}

export async function listTransactions(db: Executor, userId: number, limit = 500): Promise<TTransaction[]> {
  const rows = await db
    .selectFrom('transactions')
    .select(['id', 'type', 'amount', 'description', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    type: r.type as TTransaction['type'],
    amount: Number(r.amount),
    description: r.description,
    createdAt: new Date(Number(r.created_at)).toISOString(),
  }));
}

const FILTER_TYPES: Record<Exclude<TTransactionFilter, 'all'>, readonly TTransactionType[]> = {
  purchases: PURCHASE_TYPES,
  spending: SPENDING_TYPES,
};

/** A ledger row; the 'action' rows of a page carry their trigger (null when it is unknown). */
export interface LedgerPageRow {
  id: number;
  type: string;
  amount: number;
  description: string;
  created_at: number;
  trigger?: TriggerDeliveries | null;
}

/**
 * One page of a user's ledger, newest first, starting after `before` (the last row of the previous
 * page). Keyset paging on (created_at, id) walks the (user_id, created_at) index and never skips or
 * repeats a row when new ones arrive between pages. Returns one row more than asked when more exist.
 * toTransaction makes the API's shape of a row, the delivery state of an 'action' row included.
 */
export async function listTransactionsPage(
  db: Executor,
  userId: number,
  options: { limit: number; before: TLedgerPosition | null; filter: TTransactionFilter },
): Promise<{ rows: LedgerPageRow[]; last: TLedgerPosition | null; hasMore: boolean }> {
  let query = db
    .selectFrom('transactions')
    .select(['id', 'type', 'amount', 'description', 'created_at'])
    .where('user_id', '=', userId);
  if (options.filter !== 'all') query = query.where('type', 'in', FILTER_TYPES[options.filter]);
  const before = options.before;
  if (before) {
    query = query.where((eb) =>
      eb.or([
        eb('created_at', '<', before.createdAt),
        eb.and([eb('created_at', '=', before.createdAt), eb('id', '<', before.id)]),
      ]),
    );
  }
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(options.limit + 1)
    .execute();
  const page = rows.slice(0, options.limit);
  const tail = page.at(-1);
  const triggers = await triggersOfTransactions(
    db,
    page.filter((r) => r.type === 'action').map((r) => r.id),
  );
  return {
    rows: page.map((r) => (r.type === 'action' ? { ...r, trigger: triggers.get(r.id) ?? null } : r)),
    last: tail ? { createdAt: Number(tail.created_at), id: tail.id } : null,
    hasMore: rows.length > options.limit,
  };
}

/**
 * The dashboard's figures in one statement: balance and the action count from the user row (kept with
 * the ledger, refunds already netted, the number the leaderboard and profile read), and the coins
 * bought and spent summed from the ledger rows the history's Purchases and Spending tabs list, so
 * each card equals the sum of its tab. (The leaderboard's coins_spent counts support for the stream:
 * triggers and crowd-goal shares, not gifts to other viewers.)
 */
export async function userStats(db: Executor, userId: number): Promise<TUserStats | null> {
  const row = await db
    .selectFrom('users')
    .select((eb) => [
      'coin_balance',
      'action_count',
      eb
        .selectFrom('transactions')
        .select((e) => e.fn.coalesce(e.fn.sum<number>('amount'), e.lit(0)).as('total'))
        .where('transactions.user_id', '=', userId)
        .where('transactions.type', 'in', PURCHASE_TYPES)
        .as('coins_purchased'),
      eb
        .selectFrom('transactions')
        .select((e) => e.fn.coalesce(e.fn.sum<number>('amount'), e.lit(0)).as('total'))
        .where('transactions.user_id', '=', userId)
        .where('transactions.type', 'in', SPENDING_TYPES)
        .as('coins_spent_net'),
    ])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    balance: Number(row.coin_balance),
    actionsTriggered: Number(row.action_count),
    // The rows are debits (negative) and their refunds, which never exceed what they return.
    totalSpent: Math.max(0, -Number(row.coins_spent_net ?? 0)),
    coinsPurchased: Number(row.coins_purchased ?? 0),
  };
}

export interface LedgerProblem {
  userId: number;
  balance: number;
  ledgerSum: number;
}

/**
 * The invariant of DESIGN.md: every balance equals the sum of its ledger rows and none is negative.
 * Returns the users that break it; an empty list means the books are straight.
 */
export async function findLedgerProblems(db: Executor): Promise<LedgerProblem[]> {
  const rows = await db
    .selectFrom('users')
    .leftJoin(
      (eb) =>
        eb
          .selectFrom('transactions')
          .select(['user_id', (e) => e.fn.sum<number>('amount').as('total')])
          .groupBy('user_id')
          .as('t'),
      (join) => join.onRef('t.user_id', '=', 'users.id'),
    )
    .select(['users.id', 'users.coin_balance', 't.total'])
    .execute();
  return rows
    .map((r) => ({ userId: r.id, balance: Number(r.coin_balance), ledgerSum: Number(r.total ?? 0) }))
    .filter((r) => r.balance !== r.ledgerSum || r.balance < 0);
}
