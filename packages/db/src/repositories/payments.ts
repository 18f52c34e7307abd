import type { Executor } from '../executor';
import type { NewPayment, PaymentRow } from '../schema';

export async function insertPayment(db: Executor, values: NewPayment): Promise<void> {
  await db.insertInto('payments').values(values).execute();
}

export async function findPaymentByOrderId(db: Executor, orderId: string): Promise<PaymentRow | undefined> {
  return db.selectFrom('payments').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

export async function markPaymentCredited(db: Executor, orderId: string, packageId: number, now: number) {
  await db
    .updateTable('payments')
    .set({ status: 'credited', package_id: packageId, failure_reason: null, updated_at: now })
    .where('order_id', '=', orderId)
    .execute();
}

/** Records why an order was not credited; a credited order is never downgraded. */
export async function markPaymentRefused(db: Executor, orderId: string, reason: string, now: number) {
  await db
    .updateTable('payments')
    .set({ status: 'refused', failure_reason: reason.slice(0, 255), updated_at: now })
    .where('order_id', '=', orderId)
    .where('status', '!=', 'credited')
    .execute();
}
