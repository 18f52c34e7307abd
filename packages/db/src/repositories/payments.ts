import type { Insertable } from 'kysely';
import type { Executor } from '../executor';
import type { NewPayment, PaymentRow, RefundSharesTable } from '../schema';

/** Statuses from which a payment may still be credited: money may yet be captured for them. */
const CREDITABLE = ['created', 'refused'] as const;

const reasonText = (reason: string | null): string | null => (reason === null ? null : reason.slice(0, 255));

/**
 * An open order is on reconciliation's list from the start (the reconciler itself leaves it to the
 * browser for its first minute), so no caller can create one that nothing would ever look at.
 */
export async function insertPayment(db: Executor, values: NewPayment): Promise<void> {
  const nextCheckAt = values.next_check_at ?? (values.status === 'created' ? values.created_at : null);
  await db
    .insertInto('payments')
    .values({ ...values, next_check_at: nextCheckAt })
    .execute();
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
export async function lockPayment(tx: Executor, orderId: string): Promise<PaymentRow | undefined> {
  const query = tx.selectFrom('payments').selectAll().where('order_id', '=', orderId).forUpdate();
  return query.executeTakeFirst();
}

/** The buyer's balance, locked like lockPayment, so a take-back can debit exactly what is there. */
export async function lockBalance(tx: Executor, userId: number): Promise<number> {
  const query = tx.selectFrom('users').select('coin_balance').where('id', '=', userId).forUpdate();
  const row = await query.executeTakeFirst();
  return Number(row?.coin_balance ?? 0);
}

/**
 * Claims a payment for crediting: a conditional statement, so of any number of racing callers
 * (browser, webhook, reconciliation, other processes) exactly one gets true. It is also the first
 * statement of the credit transaction, taking the payment row lock before the user row.
 *
 * `flagIfRefused` is the admin's note for an order credited although it had been refused (the buyer
 * was told the payment failed); it is written only if the row really is refused when claimed. A
 * credit otherwise clears an older note: whatever it warned of has settled. `reason` is kept as the
 * order's reason (say, that part of it was refunded before the credit).
 */
export async function claimPaymentForCredit(
  tx: Executor,
  orderId: string,
  captureId: string | null,
  now: number,
  options: { flagIfRefused?: string; reason?: string } = {},
): Promise<boolean> {
  const claim = (from: readonly PaymentRow['status'][], attention: string | null) =>
    tx
      .updateTable('payments')
      .set({
        status: 'credited',
        ...(captureId ? { capture_id: captureId } : {}),
        failure_reason: reasonText(options.reason ?? null),
        next_check_at: null,
        attention_reason: reasonText(attention),
        updated_at: now,
      })
      .where('order_id', '=', orderId)
      .where('status', 'in', from)
      .executeTakeFirst();
  if (options.flagIfRefused !== undefined) {
    const flagged = await claim(['refused'], options.flagIfRefused);
    if (Number(flagged.numUpdatedRows) > 0) return true;
  }
  const result = await claim(CREDITABLE, null);
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Records why an order was not credited; nothing captured, nothing settled is ever downgraded.
 * `recheckAt`: when reconciliation should ask PayPal whether it captured the order after all (the
 * refusal rests on a reply that may not be PayPal's last word); null when the refusal is final.
 */
export async function markPaymentRefused(
  db: Executor,
  orderId: string,
  reason: string,
  now: number,
  options: { recheckAt?: number | null } = {},
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({
      status: 'refused',
      failure_reason: reasonText(reason),
      next_check_at: options.recheckAt ?? null,
      updated_at: now,
    })
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
      next_check_at: null,
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
  values: { reclaimed: number; unrecovered: number; refundedCents?: number; reversed: boolean; reason: string },
  now: number,
): Promise<void> {
  await tx
    .updateTable('payments')
    .set({
      coins_reclaimed: values.reclaimed,
      coins_unrecovered: values.unrecovered,
      ...(values.refundedCents === undefined ? {} : { refunded_cents: values.refundedCents }),
      failure_reason: reasonText(values.reason),
      ...(values.reversed ? { status: 'reversed' as const } : {}),
      updated_at: now,
    })
    .where('id', '=', paymentId)
    .execute();
}

/**
 * One page of reconciliation's work list: orders of one provider that may still be credited, whose
 * next check is due by `dueBy` and that were created at or before `createdBefore`, after `afterId`
 * in id order. Paging by id reaches every due order once per pass, however many stay unsettled.
 */
export async function listPaymentsDueForCheck(
  db: Executor,
  options: { provider: string; dueBy: number; createdBefore: number; afterId: number; limit: number },
): Promise<PaymentRow[]> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('next_check_at', '<=', options.dueBy)
    .where('id', '>', options.afterId)
    .where('status', 'in', CREDITABLE)
    .where('created_at', '<=', options.createdBefore)
    .where('provider', '=', options.provider)
    .orderBy('id', 'asc')
    .limit(options.limit)
    .execute();
}

/**
 * Takes the next check of one order: one conditional statement moving next_check_at from the value
 * the caller read to `leaseUntil`, so of several reconcilers (processes) only one asks PayPal, and
 * if it dies mid-check the order is due again when the lease ends.
 */
export async function claimPaymentCheck(
  db: Executor,
  paymentId: number,
  seenNextCheckAt: number,
  leaseUntil: number,
): Promise<boolean> {
  const result = await db
    .updateTable('payments')
    .set({ next_check_at: leaseUntil })
    .where('id', '=', paymentId)
    .where('next_check_at', '=', seenNextCheckAt)
    .where('status', 'in', CREDITABLE)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The outcome of a check that did not settle the order: its counters, when to ask next (null: not
 * again) and, when an admin must now take over, why.
 */
export async function recordPaymentCheck(
  db: Executor,
  paymentId: number,
  values: { attempts: number; failures: number; nextCheckAt: number | null; attentionReason?: string },
  now: number,
): Promise<void> {
  await db
    .updateTable('payments')
    .set({
      check_attempts: values.attempts,
      check_failures: values.failures,
      next_check_at: values.nextCheckAt,
      ...(values.attentionReason === undefined
        ? {}
        : { attention_reason: reasonText(values.attentionReason), updated_at: now }),
    })
    .where('id', '=', paymentId)
    .execute();
}

/** Takes an order off reconciliation's list without changing anything else about it. */
export async function endPaymentChecks(db: Executor, paymentId: number): Promise<void> {
  await db.updateTable('payments').set({ next_check_at: null }).where('id', '=', paymentId).execute();
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

/**
 * Whether a PayPal refund (or reversal) was accounted for already. A check before the work, not the
 * guarantee: the unique refund_id makes a second insert of the same refund fail.
 */
export async function isRefundRecorded(db: Executor, refundId: string): Promise<boolean> {
  const row = await db.selectFrom('refund_shares').select('id').where('refund_id', '=', refundId).executeTakeFirst();
  return row !== undefined;
}

/** Records one refund's share; its refund id is unique, so a refund is never accounted for twice. */
export async function insertRefundShare(tx: Executor, values: Insertable<RefundSharesTable>): Promise<void> {
  await tx.insertInto('refund_shares').values(values).execute();
}

/**
 * Refunds seen before an open or refused order was credited: the money they returned and the coins
 * the credit will leave out; `nextCheckAt`, when given, is reconciliation's next look at the order.
 */
export async function recordRefundsBeforeCredit(
  tx: Executor,
  paymentId: number,
  values: { refundedCents: number; coinsWithheld: number; nextCheckAt?: number },
  now: number,
): Promise<void> {
  await tx
    .updateTable('payments')
    .set({
      refunded_cents: values.refundedCents,
      coins_withheld: values.coinsWithheld,
      ...(values.nextCheckAt === undefined ? {} : { next_check_at: values.nextCheckAt }),
      updated_at: now,
    })
    .where('id', '=', paymentId)
    .where('status', 'in', CREDITABLE)
    .execute();
}

export interface UnrecoveredChargebackRow {
  orderId: string;
  packageName: string | null;
  coins: number;
  coinsReclaimed: number;
  coinsUnrecovered: number;
  status: PaymentRow['status'];
  updatedAt: number;
}

/** The user's orders whose refunds or disputes could not take back every coin they stood for, newest first. */
export async function unrecoveredChargebacksOf(db: Executor, userId: number): Promise<UnrecoveredChargebackRow[]> {
  const rows = await db
    .selectFrom('payments')
    .select(['order_id', 'package_name', 'coins', 'coins_reclaimed', 'coins_unrecovered', 'status', 'updated_at'])
    .where('user_id', '=', userId)
    .where('coins_unrecovered', '>', 0)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((r) => ({
    orderId: r.order_id,
    packageName: r.package_name,
    coins: Number(r.coins ?? 0),
    coinsReclaimed: Number(r.coins_reclaimed),
    coinsUnrecovered: Number(r.coins_unrecovered),
    status: r.status,
    updatedAt: Number(r.updated_at),
  }));
}
