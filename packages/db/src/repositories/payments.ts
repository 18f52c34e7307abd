import type { DialectName } from '../connect';
import type { Executor } from '../executor';
import type { NewPayment, PaymentRow } from '../schema';

/** Statuses from which a payment may still be credited: money may yet be captured for them. */
const CREDITABLE = ['created', 'refused'] as const;

const reasonText = (reason: string | null): string | null => (reason === null ? null : reason.slice(0, 255));

export async function insertPayment(db: Executor, values: NewPayment): Promise<void> {
  await db.insertInto('payments').values(values).execute();
}

export async function findPaymentByOrderId(db: Executor, orderId: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

export async function findPaymentByCaptureId(db: Executor, captureId: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('capture_id', '=', captureId).executeTakeFirst();
}

/**
 * The payment row, locked until the transaction ends (MySQL `FOR UPDATE`; SQLite runs one write
 * transaction at a time, so the row cannot change under it there). Lock payments before users:
 * crediting does the same, so the two never wait on each other in opposite orders.
 */
export async function lockPayment(
  tx: Executor,
  dialect: DialectName,
  orderId: string,
): Promise<PaymentRow | undefined> {
  let query = tx.selectFrom('payments').selectAll().where('order_id', '=', orderId);
  if (dialect === 'mysql') query = query.forUpdate();
  return query.executeTakeFirst();
}

/** The buyer's balance, locked like lockPayment, so a take-back can debit exactly what is there. */
export async function lockBalance(tx: Executor, dialect: DialectName, userId: number): Promise<number> {
  let query = tx.selectFrom('users').select('coin_balance').where('id', '=', userId);
  if (dialect === 'mysql') query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return Number(row?.coin_balance ?? 0);
}

/**
 * Claims a payment for crediting: one conditional statement, so of any number of racing callers
 * (browser, webhook, reconciliation, other processes) exactly one gets true. It is also the first
 * statement of the credit transaction, taking the payment row lock before the user row.
 */
export async function claimPaymentForCredit(
  tx: Executor,
  orderId: string,
  captureId: string | null,
  now: number,
): Promise<boolean> {
  const result = await tx
    .updateTable('payments')
    .set({ status: 'credited', ...(captureId ? { capture_id: captureId } : {}), failure_reason: null, updated_at: now })
    .where('order_id', '=', orderId)
    .where('status', 'in', CREDITABLE)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Records why an order was not credited; nothing captured, nothing settled is ever downgraded. */
export async function markPaymentRefused(db: Executor, orderId: string, reason: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ status: 'refused', failure_reason: reasonText(reason), updated_at: now })
    .where('order_id', '=', orderId)
    .where('status', 'in', CREDITABLE)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Captured money that was sent back at PayPal without coins (or before any were credited). */
export async function markPaymentRefunded(
  db: Executor,
  orderId: string,
  values: { reason: string; captureId: string | null },
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({
      status: 'refunded',
      failure_reason: reasonText(values.reason),
      ...(values.captureId ? { capture_id: values.captureId } : {}),
      updated_at: now,
    })
    .where('order_id', '=', orderId)
    .where('status', 'in', CREDITABLE)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Keeps an order open (status created) but remembers its capture and why it is not settled yet. */
export async function notePaymentPending(
  db: Executor,
  orderId: string,
  values: { reason: string; captureId: string | null },
  now: number,
): Promise<void> {
  await db
    .updateTable('payments')
    .set({
      failure_reason: reasonText(values.reason),
      ...(values.captureId ? { capture_id: values.captureId } : {}),
      updated_at: now,
    })
    .where('order_id', '=', orderId)
    .where('status', '=', 'created')
    .execute();
}

/** After a take-back: the running totals, and 'reversed' once everything credited is accounted for. */
export async function recordTakeBack(
  tx: Executor,
  paymentId: number,
  values: { reclaimed: number; unrecovered: number; reversed: boolean; reason: string },
  now: number,
): Promise<void> {
  await tx
    .updateTable('payments')
    .set({
      coins_reclaimed: values.reclaimed,
      coins_unrecovered: values.unrecovered,
      failure_reason: reasonText(values.reason),
      ...(values.reversed ? { status: 'reversed' as const } : {}),
      updated_at: now,
    })
    .where('id', '=', paymentId)
    .execute();
}

/**
 * Open orders of one provider created at or before `createdBefore`, oldest first: the
 * reconciliation pass's work list, read through the (status, created_at) index.
 */
export async function listOpenPayments(
  db: Executor,
  options: { provider: string; createdBefore: number; limit: number },
): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('status', '=', 'created')
    .where('created_at', '<=', options.createdBefore)
    .where('provider', '=', options.provider)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(options.limit)
    .execute();
}

export type PaymentWithUser = PaymentRow & { username: string | null };

/** The newest payments with their buyer's name, for the admin list. */
export async function listRecentPayments(db: Executor, limit: number): Promise<PaymentWithUser[]> {
  return db
    .selectFrom('payments')
    .leftJoin('users', 'users.id', 'payments.user_id')
    .selectAll('payments')
    .select('users.username')
    .orderBy('payments.created_at', 'desc')
    .orderBy('payments.id', 'desc')
    .limit(limit)
    .execute();
}
