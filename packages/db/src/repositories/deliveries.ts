import { randomUUID } from 'node:crypto';
import type { TDeliveryKind, TDeliveryStatus } from '@shop/domain';
import type { Transaction } from 'kysely';
import { compiledOnce } from '../compiled-once';
import type { Executor } from '../executor';
import type { Database, DeliveryRow } from '../schema';

/** A lease a delivery can be born with: the worker of the process that inserts it sends it at once. */
export interface InsertedLease {
  token: string;
  lockedUntil: number;
}

/**
 * Queues one delivery, or, with `lease`, inserts it already in flight and leased to this process's
 * worker, which is handed the row right after the commit (no claim round trip). Either way the row
 * is what a crash leaves behind: a lapsed lease is claimed again by any worker, like a queued row.
 */
export async function insertDelivery(
  tx: Executor,
  values: {
    historyId: number;
    endpointId: number;
    command: string;
    now: number;
    isResend?: boolean;
    lease?: InsertedLease | null;
    /** Not released to the worker yet: its trigger awaits approval, or its turn in a queue group. */
    waiting?: boolean;
  },
): Promise<number> {
  const result = await insertDeliveryRow(
    tx,
    values.historyId,
    values.endpointId,
    values.command,
    values.waiting ? 'waiting' : values.lease ? 'in_flight' : 'queued',
    values.lease?.lockedUntil ?? null,
    values.lease?.token ?? null,
    values.isResend ? 1 : 0,
    values.now,
  );
  if (result.insertId === undefined) throw new Error('the delivery row was not written');
  return Number(result.insertId);
}

// Every trigger writes one per endpoint: built once (compiled-once.ts).
const insertDeliveryRow = compiledOnce(
  8,
  (
    tx,
    historyId: number,
    endpointId: number,
    command: string,
    status: 'waiting' | 'queued' | 'in_flight',
    lockedUntil: number | null,
    leaseToken: string | null,
    isResend: number,
    at: number,
  ) =>
    tx.insertInto('deliveries').values({
      history_id: historyId,
      endpoint_id: endpointId,
      command,
      status,
      attempts: 0,
      next_attempt_at: at,
      locked_until: lockedUntil,
      lease_token: leaseToken,
      is_resend: isResend,
      last_error: null,
      response: null,
      created_at: at,
      updated_at: at,
    }),
);

/** A delivery this worker holds: the row as claimed, and the token that proves the lease is still ours. */
export interface ClaimedDelivery extends DeliveryRow {
  lease_token: string;
}

export interface ClaimFilter {
  /** Only these triggers' deliveries (the hand-off right after their commit). */
  historyIds?: readonly number[];
  /** Endpoints whose lanes are full here: leave their rows for later, or for another process. */
  excludeEndpointIds?: readonly number[];
  /** Only this kind: while the queue is held, stops still go out (an effect ends on time). */
  kind?: TDeliveryKind;
}

/**
 * Leases up to `limit` due deliveries to this worker under a fresh token: queued ones whose time
 * has come, and in-flight ones whose lease lapsed (their worker died). On MySQL
 * `FOR UPDATE SKIP LOCKED` lets several api processes claim side by side without taking the same
 * row; SQLite has one writer, so its transaction alone makes the claim exclusive. Oldest first, so
 * each endpoint sees its commands in the order they were queued. Run it in the caller's transaction:
 * the locks of the select must hold until the update.
 */
export async function claimDueDeliveries(
  tx: Transaction<Database>,
  now: number,
  limit: number,
  leaseMs: number,
  filter: ClaimFilter = {},
): Promise<ClaimedDelivery[]> {
  if (filter.historyIds?.length === 0) return [];
  const token = randomUUID();
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
    .orderBy('id')
    .limit(limit)
    // Another worker's claim in flight is skipped, not waited for (locks mean nothing on SQLite's one writer).
    .forUpdate()
    .skipLocked();
  if (filter.historyIds) query = query.where('history_id', 'in', [...filter.historyIds]);
  if (filter.kind) query = query.where('kind', '=', filter.kind);
  if (filter.excludeEndpointIds && filter.excludeEndpointIds.length > 0) {
    const excluded = [...filter.excludeEndpointIds];
    query = query.where((eb) => eb.or([eb('endpoint_id', 'is', null), eb('endpoint_id', 'not in', excluded)]));
  }
  const ids = (await query.execute()).map((r) => r.id);
  if (ids.length === 0) return [];
  await tx
    .updateTable('deliveries')
    .set({ status: 'in_flight', locked_until: now + leaseMs, lease_token: token, updated_at: now })
    .where('id', 'in', ids)
    .execute();
  const rows = await tx
    .selectFrom('deliveries')
    .selectAll()
    .where('id', 'in', ids)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, lease_token: token }));
}

/**
 * Extends a lease that is still ours (a claimed delivery waited for its endpoint's lane), so the
 * attempt about to start has the whole lease ahead of it. False: the lease was lost, do not send.
 */
export async function renewLease(
  db: Executor,
  id: number,
  token: string,
  now: number,
  leaseMs: number,
): Promise<boolean> {
  const result = await db
    .updateTable('deliveries')
    .set({ locked_until: now + leaseMs, updated_at: now })
    .where('id', '=', id)
    .where('lease_token', '=', token)
    .where('status', '=', 'in_flight')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Gives back a claimed row that was never sent (the worker is shutting down), so the next process
 * takes it at once instead of waiting for the lease to lapse.
 */
export async function releaseLease(db: Executor, id: number, token: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('deliveries')
    .set({ status: 'queued', locked_until: null, lease_token: null, updated_at: now })
    .where('id', '=', id)
    .where('lease_token', '=', token)
    .where('status', '=', 'in_flight')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type DeliveryOutcome =
  | { status: 'delivered'; response: string; attempts: number; now: number }
  | { status: 'failed'; error: string; attempts: number; now: number }
  | {
      status: 'queued';
      error: string;
      attempts: number;
      nextAttemptAt: number;
      now: number;
      /** Set while its target is waited for (it did not answer); null or absent once it answered. */
      heldSince?: number | null;
    };

/**
 * Records an attempt's outcome only while the lease token still holds (fencing): a worker whose
 * lease lapsed and was claimed by another writes nothing. The token is cleared, so one claim
 * records at most one outcome. Returns whether the write held.
 */
export async function finishDelivery(
  db: Executor,
  id: number,
  leaseToken: string,
  outcome: DeliveryOutcome,
): Promise<boolean> {
  if (outcome.status === 'delivered') {
    const delivered = await finishDelivered(
      db,
      outcome.attempts,
      outcome.now,
      outcome.response.slice(0, 2000),
      id,
      leaseToken,
    );
    return Number(delivered.numAffectedRows ?? 0) === 1;
  }
  const result = await db
    .updateTable('deliveries')
    .set({
      status: outcome.status,
      attempts: outcome.attempts,
      locked_until: null,
      lease_token: null,
      updated_at: outcome.now,
      last_error: outcome.error.slice(0, 500),
      ...(outcome.status === 'queued'
        ? { next_attempt_at: outcome.nextAttemptAt, held_since: outcome.heldSince ?? null }
        : {}),
    })
    .where('id', '=', id)
    .where('lease_token', '=', leaseToken)
    .where('status', '=', 'in_flight')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

// The outcome of nearly every attempt: built once (compiled-once.ts); the same statement finishDelivery builds.
const finishDelivered = compiledOnce(
  5,
  (db, attempts: number, at: number, response: string, id: number, leaseToken: string) =>
    db
      .updateTable('deliveries')
      .set({
        status: 'delivered',
        attempts,
        locked_until: null,
        lease_token: null,
        updated_at: at,
        response,
        last_error: null,
      })
      .where('id', '=', id)
      .where('lease_token', '=', leaseToken)
      .where('status', '=', 'in_flight'),
);

/**
 * Takes the trigger's row lock before its outcome is read, so two deliveries of one trigger that
 * finish at the same moment settle it one after the other: each sees the other's committed status
 * (without the lock, on MySQL, both could read the other as still in flight and neither would settle).
 */
export async function lockHistoryForSettlement(tx: Executor, historyId: number): Promise<void> {
  const query = tx.selectFrom('action_history').select('id').where('id', '=', historyId).forUpdate();
  await query.execute();
}

/**
 * The statuses that decide a trigger's outcome: its own deliveries, never an admin's resends. On
 * MySQL a locking read: under REPEATABLE READ a plain read answers from the snapshot fixed by the
 * transaction's first plain read, so an outcome recorder writing several outcomes in one transaction
 * would read a sibling finished meanwhile by another process as still in flight, and nobody would
 * settle (or refund) the trigger. A locking read sees the latest committed rows.
 */
export async function listDeliveryStatuses(db: Executor, historyId: number): Promise<TDeliveryStatus[]> {
  const query = db
    .selectFrom('deliveries')
    .select('status')
    .where('history_id', '=', historyId)
    .where('is_resend', '=', 0)
    .forUpdate();
  const rows = await query.execute();
  return rows.map((r) => r.status);
}

/**
 * Triggers still pending whose own deliveries have all ended (delivered, failed or cancelled): a settlement
 * that should have happened with the last outcome and did not (a crash between two writers, or a
 * recorder of an older version). Oldest first; `afterId` pages through them.
 */
export async function findStrandedTriggers(db: Executor, limit: number, afterId = 0): Promise<number[]> {
  const rows = await db
    .selectFrom('action_history')
    .select('action_history.id')
    .where('action_history.success', 'is', null)
    .where('action_history.refunded', '=', 0)
    .where('action_history.id', '>', afterId)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('deliveries')
          .select('deliveries.id')
          .whereRef('deliveries.history_id', '=', 'action_history.id')
          .where('deliveries.is_resend', '=', 0),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('deliveries')
            .select('deliveries.id')
            .whereRef('deliveries.history_id', '=', 'action_history.id')
            .where('deliveries.is_resend', '=', 0)
            .where('deliveries.status', 'in', ['waiting', 'queued', 'in_flight']),
        ),
      ),
    )
    .orderBy('action_history.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** The last word of a trigger's own deliveries: the most attempts any took, and the latest error. */
export async function lastDeliveryAttempt(
  db: Executor,
  historyId: number,
): Promise<{ attempts: number; error: string | null }> {
  const rows = await db
    .selectFrom('deliveries')
    .select(['attempts', 'last_error'])
    .where('history_id', '=', historyId)
    .where('is_resend', '=', 0)
    .orderBy('updated_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return {
    attempts: Math.max(0, ...rows.map((r) => Number(r.attempts))),
    error: rows.find((r) => r.last_error !== null)?.last_error ?? null,
  };
}

export async function listDeliveries(db: Executor, historyId: number): Promise<DeliveryRow[]> {
  return db.selectFrom('deliveries').selectAll().where('history_id', '=', historyId).orderBy('id').execute();
}

/**
 * Every delivery of a trigger (its own and the resends), oldest first, with the endpoint's name and
 * URL (toDeliveryDetail shows a transport label in its place: a WebRcon URL may carry the password).
 */
export async function listDeliveryDetails(db: Executor, historyId: number) {
  return db
    .selectFrom('deliveries')
    .leftJoin('webhook_endpoints', 'webhook_endpoints.id', 'deliveries.endpoint_id')
    .select([
      'deliveries.id',
      'deliveries.endpoint_id',
      'deliveries.status',
      'deliveries.attempts',
      'deliveries.last_error',
      'deliveries.response',
      'deliveries.next_attempt_at',
      'deliveries.is_resend',
      'deliveries.created_at',
      'deliveries.updated_at',
      'webhook_endpoints.description',
      'webhook_endpoints.url',
    ])
    .where('deliveries.history_id', '=', historyId)
    .orderBy('deliveries.id')
    .execute();
}

/** True while an earlier resend of this trigger is still queued or being sent. */
export async function hasPendingResend(db: Executor, historyId: number): Promise<boolean> {
  const row = await db
    .selectFrom('deliveries')
    .select('id')
    .where('history_id', '=', historyId)
    .where('is_resend', '=', 1)
    .where('status', 'in', ['queued', 'in_flight'])
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Resend: one new delivery (is_resend) per endpoint the trigger first went to, same command, that
 * still exists and is active. The originals stay as they were, so the trigger's own outcome (and
 * its money) cannot change. Returns how many were queued.
 */
export async function insertResendDeliveries(tx: Executor, historyId: number, now: number): Promise<number> {
  const originals = await tx
    .selectFrom('deliveries')
    .innerJoin('webhook_endpoints', 'webhook_endpoints.id', 'deliveries.endpoint_id')
    .select(['deliveries.endpoint_id', 'deliveries.command'])
    .where('deliveries.history_id', '=', historyId)
    .where('deliveries.is_resend', '=', 0)
    .where('webhook_endpoints.active', '=', 1)
    .orderBy('deliveries.id')
    .execute();
  const seen = new Set<number>();
  for (const row of originals) {
    if (row.endpoint_id === null || seen.has(row.endpoint_id)) continue;
    seen.add(row.endpoint_id);
    await insertDelivery(tx, { historyId, endpointId: row.endpoint_id, command: row.command, now, isResend: true });
  }
  return seen.size;
}

export interface ResendAttempt {
  historyId: number;
  endpointId: number | null;
  status: TDeliveryStatus;
  error: string | null;
  updatedAt: number;
}

/** The latest resend delivery per (trigger, endpoint) of the given triggers: what the last resend did. */
export async function listLatestResends(db: Executor, historyIds: readonly number[]): Promise<ResendAttempt[]> {
  if (historyIds.length === 0) return [];
  const rows = await db
    .selectFrom('deliveries')
    .select(['id', 'history_id', 'endpoint_id', 'status', 'last_error', 'updated_at'])
    .where('history_id', 'in', [...historyIds])
    .where('is_resend', '=', 1)
    .orderBy('id')
    .execute();
  const latest = new Map<string, ResendAttempt>();
  for (const r of rows) {
    latest.set(`${r.history_id}:${r.endpoint_id ?? 'none'}`, {
      historyId: r.history_id,
      endpointId: r.endpoint_id,
      status: r.status,
      error: r.last_error,
      updatedAt: Number(r.updated_at),
    });
  }
  return [...latest.values()];
}
