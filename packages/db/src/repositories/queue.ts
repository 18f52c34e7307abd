import type { TDeliveryStatus, TEffectState, TQueueMark } from '@shop/domain';
import { sql } from 'kysely';
import type { Executor } from '../executor';

// The control room's SQL: the streamer's marks on triggers, the hold switch, and queue groups.

/** The statuses of a delivery still on its way: not yet ended. */
const ON_ITS_WAY = ['waiting', 'queued', 'in_flight'] as const;

/** A trigger entering the control room: awaiting approval, and/or in a queue group. */
export async function markQueued(
  tx: Executor,
  historyId: number,
  values: { mark: TQueueMark | null; approvalExpiresAt: number | null; queueGroup: string | null },
): Promise<void> {
  await tx
    .updateTable('action_history')
    .set({ queue_state: values.mark, approval_expires_at: values.approvalExpiresAt, queue_group: values.queueGroup })
    .where('id', '=', historyId)
    .execute();
}

export async function readQueueHeld(db: Executor): Promise<boolean> {
  const row = await db.selectFrom('shop_settings').select('queue_held').where('id', '=', 1).executeTakeFirst();
  return row?.queue_held === 1;
}

export async function writeQueueHeld(db: Executor, held: boolean, now: number): Promise<void> {
  await db
    .updateTable('shop_settings')
    .set({ queue_held: held ? 1 : 0, updated_at: now })
    .where('id', '=', 1)
    .execute();
}

/** A trigger not yet at an end, with who made it and what its deliveries are doing. */
export interface OpenTriggerRow {
  id: number;
  action_id: number | null;
  action_name: string;
  user_id: number;
  username: string;
  display_name: string | null;
  cost: number;
  created_at: number;
  queue_state: TQueueMark | null;
  approval_expires_at: number | null;
  queue_group: string | null;
  queue_rank: number;
  gap_seconds: number | null;
  /** Its own deliveries (resends left out): how many are being sent, wait for a retry, or wait their turn. */
  in_flight: number | string | null;
  retrying: number | string | null;
  attempts: number | string | null;
  next_attempt_at: number | string | null;
  /** Its own deliveries not yet ended (waiting, queued or being sent): a settled trigger with any is still open. */
  on_its_way: number | string | null;
  /** Its first target: ungrouped triggers line up per endpoint. */
  endpoint_id: number | null;
  /** Its deliveries waiting for a target that did not answer, and why the last one waits. */
  waiting_for_target: number | string | null;
  held_error: string | null;
  success: number | null;
  ends_at: number | null;
  effect_state: TEffectState | null;
}

/**
 * Every trigger not yet at an end (tests aside), oldest first, or only `userId`'s: unsettled, or
 * settled with its effect still on or a delivery still on its way (one target took it, another
 * retries). Bounded by the unsettled index (success IS NULL) and the deliveries still due: ended
 * triggers are never read.
 */
export async function listOpenTriggers(db: Executor, userId?: number): Promise<OpenTriggerRow[]> {
  // A read per index (unsettled triggers; effects still on; deliveries still due), rather than one
  // OR that a planner may answer by reading the whole history.
  const parts = await Promise.all([
    openTriggers(db, 'unsettled', userId),
    openTriggers(db, 'effects', userId),
    unfinishedTriggerIds(db).then((ids) => (ids.length === 0 ? [] : openTriggers(db, ids, userId))),
  ]);
  const byId = new Map<number, OpenTriggerRow>();
  for (const row of parts.flat()) if (!byId.has(row.id)) byId.set(row.id, row);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The trigger's own columns, selected and grouped by alike (the rest are its deliveries' sums). */
const OPEN_TRIGGER_COLUMNS = [
  'h.id',
  'h.action_id',
  'h.action_name',
  'h.user_id',
  'u.username',
  'u.display_name',
  'h.cost',
  'h.created_at',
  'h.queue_state',
  'h.approval_expires_at',
  'h.queue_group',
  'h.queue_rank',
  'a.gap_seconds',
  'h.success',
  'h.ends_at',
  'h.effect_state',
] as const;

/**
 * The triggers with one of their own deliveries still on its way, from the deliveries still due
 * (their status index): as many as the queue is long, never the whole history.
 */
async function unfinishedTriggerIds(db: Executor): Promise<number[]> {
  const rows = await db
    .selectFrom('deliveries')
    .select('history_id')
    .distinct()
    .where('status', 'in', ON_ITS_WAY)
    .where('is_resend', '=', 0)
    .execute();
  return rows.map((r) => r.history_id);
}

/** One part of the open triggers: unsettled, effects still on, or (ids) delivered with a delivery still on its way. */
function openTriggers(
  db: Executor,
  part: 'unsettled' | 'effects' | readonly number[],
  userId?: number,
): Promise<OpenTriggerRow[]> {
  let query = db
    .selectFrom('action_history as h')
    .innerJoin('users as u', 'u.id', 'h.user_id')
    .leftJoin('stream_actions as a', 'a.id', 'h.action_id')
    .leftJoin('deliveries as d', (join) =>
      join.onRef('d.history_id', '=', 'h.id').on((eb) => eb.or([eb('d.is_resend', '=', 0), eb('d.kind', '=', 'stop')])),
    )
    .select((eb) => [
      ...OPEN_TRIGGER_COLUMNS,
      eb.fn.sum<number>(eb.case().when('d.status', '=', 'in_flight').then(1).else(0).end()).as('in_flight'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('d.status', '=', 'queued'), eb('d.held_since', 'is not', null)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('waiting_for_target'),
      eb.fn
        .max<string | null>(eb.case().when('d.held_since', 'is not', null).then(eb.ref('d.last_error')).end())
        .as('held_error'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('d.status', '=', 'queued'), eb('d.attempts', '>', 0)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('retrying'),
      eb.fn.max<number>('d.attempts').as('attempts'),
      eb.fn
        .min<number>(eb.case().when('d.status', '=', 'queued').then(eb.ref('d.next_attempt_at')).end())
        .as('next_attempt_at'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(eb.and([eb('d.is_resend', '=', 0), eb('d.status', 'in', ON_ITS_WAY)]))
            .then(1)
            .else(0)
            .end(),
        )
        .as('on_its_way'),
      eb.fn.min<number>('d.endpoint_id').as('endpoint_id'),
    ])
    // Open: not settled yet, settled with its effect still on (running, or its stop failed), or
    // settled (delivered) with another of its own deliveries still on its way.
    .where((eb) => {
      if (part === 'unsettled') return eb.and([eb('h.success', 'is', null), eb('h.refunded', '=', 0)]);
      if (part === 'effects') return eb('h.effect_state', 'in', ['running', 'stop_failed']);
      return eb.and([eb('h.id', 'in', [...part]), eb('h.success', '=', 1), eb('h.refunded', '=', 0)]);
    })
    .where('h.is_test', '=', 0)
    // An effect is listed once: the triggers that extended it are folded into it (its end is theirs),
    // except, in a viewer's own list, an extension of someone else's effect, their part of it.
    .$if(part === 'effects', (q) =>
      q.where((eb) =>
        userId === undefined
          ? eb('h.extends_id', 'is', null)
          : eb.or([
              eb('h.extends_id', 'is', null),
              eb.not(
                eb.exists(
                  eb
                    .selectFrom('action_history as e')
                    .select('e.id')
                    .whereRef('e.id', '=', 'h.extends_id')
                    .whereRef('e.user_id', '=', 'h.user_id'),
                ),
              ),
            ]),
      ),
    )
    .groupBy([...OPEN_TRIGGER_COLUMNS])
    .orderBy('h.id');
  if (userId !== undefined) query = query.where('h.user_id', '=', userId);
  return query.execute() as Promise<OpenTriggerRow[]>;
}

/** One trigger as a decision sees it, under its row lock. */
export interface DecisionRow {
  id: number;
  user_id: number;
  action_id: number | null;
  action_name: string;
  cost: number;
  is_test: number;
  success: number | null;
  refunded: number;
  queue_state: TQueueMark | null;
  approval_expires_at: number | null;
  queue_group: string | null;
  created_at: number;
  transaction_id: number | null;
  effect_state: TEffectState | null;
}

/**
 * Locks the trigger's row (MySQL) and reads it with its own deliveries' statuses as committed now:
 * every writer that changes a trigger's fate (the outcome recorder, the sweeps, an admin's
 * decision) takes this lock first, so two of them never decide on the same stale picture.
 */
export function lockForDecision(tx: Executor, historyId: number): Promise<DecisionPicture | null> {
  return decisionPicture(tx, historyId, true);
}

/** The same picture as a plain read, outside any decision (what a reply shows afterwards). */
export function readForDecision(db: Executor, historyId: number): Promise<DecisionPicture | null> {
  return decisionPicture(db, historyId, false);
}

export interface DecisionPicture {
  row: DecisionRow;
  deliveries: { status: TDeliveryStatus; attempts: number; held_since: number | null }[];
}

async function decisionPicture(tx: Executor, historyId: number, lock: boolean): Promise<DecisionPicture | null> {
  let history = tx
    .selectFrom('action_history')
    .select([
      'id',
      'user_id',
      'action_id',
      'action_name',
      'cost',
      'is_test',
      'success',
      'refunded',
      'queue_state',
      'approval_expires_at',
      'queue_group',
      'created_at',
      'transaction_id',
      'effect_state',
    ])
    .where('id', '=', historyId);
  if (lock) history = history.forUpdate();
  const row = await history.executeTakeFirst();
  if (!row) return null;
  let deliveries = tx
    .selectFrom('deliveries')
    .select(['status', 'attempts', 'held_since'])
    .where('history_id', '=', historyId)
    .where('is_resend', '=', 0);
  if (lock) deliveries = deliveries.forUpdate();
  return { row, deliveries: await deliveries.execute() };
}

/** The trigger's retry count so far, for what a decision answers. */
export async function deliveryProgress(
  db: Executor,
  historyId: number,
): Promise<{ attempts: number; nextAttemptAt: number | null }> {
  const row = await db
    .selectFrom('deliveries')
    .select((eb) => [
      eb.fn.max<number>('attempts').as('attempts'),
      eb.fn.min<number>(eb.case().when('status', '=', 'queued').then(eb.ref('next_attempt_at')).end()).as('next'),
    ])
    .where('history_id', '=', historyId)
    .where('is_resend', '=', 0)
    .executeTakeFirst();
  return { attempts: Number(row?.attempts ?? 0), nextAttemptAt: row?.next == null ? null : Number(row.next) };
}

/** Approval given: the mark goes, the trigger runs the ordinary way from here. */
export async function clearApprovalMark(tx: Executor, historyId: number): Promise<boolean> {
  const result = await tx
    .updateTable('action_history')
    .set({ queue_state: null })
    .where('id', '=', historyId)
    .where('queue_state', '=', 'awaiting_approval')
    .where('refunded', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A refunded end chosen by the streamer (or the approval's clock): the mark, and the trigger ended
 * as not delivered. Conditional on it still being open, so of two racing decisions one writes.
 */
export async function endWithMark(tx: Executor, historyId: number, mark: TQueueMark): Promise<boolean> {
  const result = await tx
    .updateTable('action_history')
    .set({ queue_state: mark, success: 0 })
    .where('id', '=', historyId)
    .where('success', 'is', null)
    .where('refunded', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Its unsent deliveries will never be sent: cancelled (neither delivered nor failed in any count). */
export async function cancelUnsentDeliveries(tx: Executor, historyId: number, now: number): Promise<number> {
  const result = await tx
    .updateTable('deliveries')
    .set({ status: 'cancelled', locked_until: null, lease_token: null, updated_at: now })
    .where('history_id', '=', historyId)
    .where('is_resend', '=', 0)
    .where('status', 'in', ['waiting', 'queued'])
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Hands the trigger's waiting deliveries to the worker, due now. */
export async function releaseWaitingDeliveries(tx: Executor, historyId: number, now: number): Promise<number> {
  const result = await tx
    .updateTable('deliveries')
    .set({ status: 'queued', next_attempt_at: now, updated_at: now })
    .where('history_id', '=', historyId)
    .where('status', '=', 'waiting')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A retrying trigger's next try is now. */
export async function retryDeliveriesNow(tx: Executor, historyId: number, now: number): Promise<number> {
  const result = await tx
    .updateTable('deliveries')
    .set({ next_attempt_at: now, updated_at: now })
    .where('history_id', '=', historyId)
    .where('is_resend', '=', 0)
    .where('status', '=', 'queued')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * To the head of its line: in a group, a rank below every open trigger's there; without a group,
 * its queued deliveries become the earliest due of their endpoints (the worker claims oldest due first).
 */
export async function moveToFront(tx: Executor, historyId: number, queueGroup: string | null): Promise<void> {
  if (queueGroup !== null) {
    const lowest = await tx
      .selectFrom('action_history')
      .select((eb) => eb.fn.min<number>('queue_rank').as('rank'))
      .where('queue_group', '=', queueGroup)
      .where('success', 'is', null)
      .where('refunded', '=', 0)
      .executeTakeFirst();
    await tx
      .updateTable('action_history')
      .set({ queue_rank: Number(lowest?.rank ?? 0) - 1 })
      .where('id', '=', historyId)
      .execute();
    return;
  }
  const earliest = await tx
    .selectFrom('deliveries')
    .select((eb) => eb.fn.min<number>('next_attempt_at').as('at'))
    .where('status', '=', 'queued')
    .where(
      'endpoint_id',
      'in',
      tx
        .selectFrom('deliveries')
        .select('endpoint_id')
        .where('history_id', '=', historyId)
        .where('status', '=', 'queued'),
    )
    .executeTakeFirst();
  if (earliest?.at == null) return;
  await tx
    .updateTable('deliveries')
    .set({ next_attempt_at: Number(earliest.at) - 1 })
    .where('history_id', '=', historyId)
    .where('status', '=', 'queued')
    .execute();
}

/**
 * Approvals whose time ran out (oldest first), still open: one already refunded (by hand, before a
 * refund cleared its mark) has nothing left to expire, and listing it would take a place in every
 * sweep's batch for ever.
 */
export async function findExpiredApprovals(db: Executor, now: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('action_history')
    .select('id')
    .where('queue_state', '=', 'awaiting_approval')
    .where('approval_expires_at', '<=', now)
    .where('success', 'is', null)
    .where('refunded', '=', 0)
    .orderBy('approval_expires_at')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** The next trigger of each queue group that may be sent once the group is free: approved, waiting. */
export async function findGroupHeads(db: Executor): Promise<{ historyId: number; queueGroup: string }[]> {
  const waiting = await db
    .selectFrom('action_history as h')
    .innerJoin('deliveries as d', 'd.history_id', 'h.id')
    .select(['h.id', 'h.queue_group', 'h.queue_rank'])
    .where('d.status', '=', 'waiting')
    .where('h.queue_group', 'is not', null)
    .where('h.queue_state', 'is', null)
    .where('h.success', 'is', null)
    .where('h.refunded', '=', 0)
    .distinct()
    .orderBy('h.queue_rank')
    .orderBy('h.id')
    .execute();
  const heads = new Map<string, number>();
  for (const row of waiting) {
    if (row.queue_group !== null && !heads.has(row.queue_group)) heads.set(row.queue_group, row.id);
  }
  return [...heads].map(([queueGroup, historyId]) => ({ historyId, queueGroup }));
}

/**
 * Gives the group to this trigger when it is free and its gap has passed: one conditional update,
 * so of two processes (or two heads) one wins. The group's row is made on first use.
 */
export async function takeQueueGroup(tx: Executor, name: string, historyId: number, now: number): Promise<boolean> {
  const existing = await tx.selectFrom('queue_groups').select('name').where('name', '=', name).executeTakeFirst();
  if (!existing) {
    await tx.insertInto('queue_groups').orIgnore().values({ name, active_history_id: null, free_at: 0 }).execute();
  }
  const result = await tx
    .updateTable('queue_groups')
    .set({ active_history_id: historyId })
    .where('name', '=', name)
    .where('active_history_id', 'is', null)
    .where('free_at', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The trigger's own deliveries (resends aside) and its effect's stops still on their way. */
function deliveriesOnTheirWay(db: Executor, historyId: number) {
  return db
    .selectFrom('deliveries')
    .select('id')
    .where('history_id', '=', historyId)
    .where('status', 'in', ON_ITS_WAY)
    .where((eb) => eb.or([eb('is_resend', '=', 0), eb('kind', '=', 'stop')]));
}

/**
 * The trigger's group (if it holds one) is free after the gap of its action, once nothing of the
 * trigger is on its way: settled by its first target, it still holds the group while another target
 * retries, and a started effect holds it until its stops are done. Call it under the trigger's row
 * lock whenever one of its deliveries ends; true when the group was freed.
 */
export async function releaseQueueGroup(tx: Executor, historyId: number, now: number): Promise<boolean> {
  const result = await tx
    .updateTable('queue_groups')
    .set({
      active_history_id: null,
      free_at: sql<number>`${now} + 1000 * COALESCE((SELECT a.gap_seconds FROM action_history h JOIN stream_actions a ON a.id = h.action_id WHERE h.id = ${historyId}), 0)`,
    })
    .where('active_history_id', '=', historyId)
    .where(({ not, exists }) => not(exists(deliveriesOnTheirWay(tx, historyId))))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The queue groups and who holds each, for positions and estimates. */
export async function listQueueGroups(
  db: Executor,
): Promise<{ name: string; active_history_id: number | null; free_at: number }[]> {
  const rows = await db.selectFrom('queue_groups').selectAll().execute();
  return rows.map((r) => ({ ...r, free_at: Number(r.free_at) }));
}

/**
 * A group still naming a trigger that has ended (its settlement ran before this version, or an
 * admin's refund ended it) is freed: otherwise it would hold its line for ever.
 */
export async function freeGroupsOfEndedTriggers(db: Executor, now: number): Promise<void> {
  const stale = await db
    .selectFrom('queue_groups as g')
    .innerJoin('action_history as h', 'h.id', 'g.active_history_id')
    .select('h.id')
    // Ended: refunded, or settled and not a timed effect still running (that holds its group), and
    // nothing of it still on its way (another target's retry, an effect's stop).
    .where((w) =>
      w.or([
        w('h.refunded', '=', 1),
        w.and([
          w('h.success', 'is not', null),
          w.or([w('h.effect_state', 'is', null), w('h.effect_state', '!=', 'running')]),
        ]),
      ]),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('deliveries as w')
            .select('w.id')
            .whereRef('w.history_id', '=', 'h.id')
            .where('w.status', 'in', ON_ITS_WAY)
            .where((eb) => eb.or([eb('w.is_resend', '=', 0), eb('w.kind', '=', 'stop')])),
        ),
      ),
    )
    .execute();
  if (stale.length === 0) return;
  await db
    .updateTable('queue_groups')
    .set({ active_history_id: null, free_at: now })
    .where(
      'active_history_id',
      'in',
      stale.map((r) => r.id),
    )
    .execute();
}
