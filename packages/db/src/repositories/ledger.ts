import { assertPositiveCoins, type TTransaction, type TTransactionType } from '@shop/domain';
import { sql } from 'kysely';
import type { Executor } from '../executor';

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
  const result = await tx
    .updateTable('users')
    .set({ coin_balance: sql`coin_balance - ${entry.amount}` })
    .where('id', '=', entry.userId)
    .where('coin_balance', '>=', entry.amount)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return null;
  return insertLedgerRow(tx, entry, -entry.amount);
}

async function insertLedgerRow(tx: Executor, entry: LedgerEntry, signedAmount: number): Promise<number> {
  const result = await tx
    .insertInto('transactions')
    .values({
      user_id: entry.userId,
      type: entry.type,
      amount: signedAmount,
      description: entry.description,
      reference: entry.reference ?? null,
      created_at: entry.now,
    })
    .executeTakeFirstOrThrow();
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
