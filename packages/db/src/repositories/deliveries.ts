import type { TDeliveryStatus } from '@shop/domain';
import type { Db } from '../connect';
import type { Executor } from '../executor';
import type { DeliveryRow } from '../schema';

export async function insertDelivery(
  tx: Executor,
  values: { historyId: number; endpointId: number; command: string; now: number },
): Promise<number> {
  const result = await tx
    .insertInto('deliveries')
    .values({
      history_id: values.historyId,
      endpoint_id: values.endpointId,
      command: values.command,
      status: 'queued',
      attempts: 0,
      next_attempt_at: values.now,
      locked_until: null,
      last_error: null,
      response: null,
      created_at: values.now,
      updated_at: values.now,
    })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

/**
 * Leases up to `limit` due deliveries to this worker: queued ones whose time has come, and
 * in-flight ones whose lease lapsed (their worker died). On MySQL `FOR UPDATE SKIP LOCKED` lets
 * several api processes claim side by side without taking the same row; SQLite has one writer,
 * so its transaction alone makes the claim exclusive.
 */
export async function claimDueDeliveries(db: Db, now: number, limit: number, leaseMs: number): Promise<DeliveryRow[]> {
  return db.kysely.transaction().execute(async (tx) => {
    let query = tx
      .selectFrom('deliveries')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<=', now)]),
          eb.and([eb('status', '=', 'in_flight'), eb('locked_until', '<', now)]),
        ]),
      )
      .orderBy('next_attempt_at')
      .limit(limit);
    if (db.dialect === 'mysql') query = query.forUpdate().skipLocked();
    const ids = (await query.execute()).map((r) => r.id);
    if (ids.length === 0) return [];
    await tx
      .updateTable('deliveries')
      .set({ status: 'in_flight', locked_until: now + leaseMs, updated_at: now })
      .where('id', 'in', ids)
      .execute();
    return tx.selectFrom('deliveries').selectAll().where('id', 'in', ids).execute();
  });
}

export async function finishDelivery(
  db: Executor,
  id: number,
  outcome:
    | { status: 'delivered'; response: string; attempts: number; now: number }
    | { status: 'failed'; error: string; attempts: number; now: number }
    | { status: 'queued'; error: string; attempts: number; nextAttemptAt: number; now: number },
): Promise<void> {
  await db
    .updateTable('deliveries')
    .set({
      status: outcome.status,
      attempts: outcome.attempts,
      locked_until: null,
      updated_at: outcome.now,
      ...(outcome.status === 'delivered'
        ? { response: outcome.response.slice(0, 2000), last_error: null }
        : { last_error: outcome.error.slice(0, 500) }),
      ...(outcome.status === 'queued' ? { next_attempt_at: outcome.nextAttemptAt } : {}),
    })
    .where('id', '=', id)
    .execute();
}

export async function listDeliveryStatuses(db: Executor, historyId: number): Promise<TDeliveryStatus[]> {
  const rows = await db.selectFrom('deliveries').select('status').where('history_id', '=', historyId).execute();
  return rows.map((r) => r.status);
}

export async function listDeliveries(db: Executor, historyId: number): Promise<DeliveryRow[]> {
  return db.selectFrom('deliveries').selectAll().where('history_id', '=', historyId).orderBy('id').execute();
}

/** Resend: every delivery of the trigger goes back in the queue with a fresh attempt budget. */
export async function requeueDeliveries(db: Executor, historyId: number, now: number): Promise<number> {
  const result = await db
    .updateTable('deliveries')
    .set({ status: 'queued', attempts: 0, next_attempt_at: now, locked_until: null, updated_at: now })
    .where('history_id', '=', historyId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
