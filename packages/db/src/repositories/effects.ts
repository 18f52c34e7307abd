import type { EffectToExtend, TEffectState } from '@shop/domain';
import type { Executor } from '../executor';

// Timed effects: the effect's end on its trigger, and the persisted 'stop' deliveries due then.

/**
 * A start was delivered: the effect runs from the first one until `durationSeconds` later, and the
 * endpoint that took it gets a stop delivery due then. A persisted row, so a restarted or another api
 * process sends it. Returns when the effect ends.
 */
export async function startEffect(
  tx: Executor,
  values: { historyId: number; endpointId: number | null; stopCommand: string; durationSeconds: number; now: number },
): Promise<number> {
  await tx
    .updateTable('action_history')
    .set({ ends_at: values.now + values.durationSeconds * 1000, effect_state: 'running' })
    .where('id', '=', values.historyId)
    .where('ends_at', 'is', null)
    .execute();
  const row = await tx
    .selectFrom('action_history')
    .select('ends_at')
    .where('id', '=', values.historyId)
    .executeTakeFirst();
  const endsAt = Number(row?.ends_at ?? values.now);
  await tx
    .insertInto('deliveries')
    .values({
      history_id: values.historyId,
      endpoint_id: values.endpointId,
      command: values.stopCommand,
      status: 'queued',
      kind: 'stop',
      attempts: 0,
      next_attempt_at: endsAt,
      locked_until: null,
      lease_token: null,
      is_resend: 1,
      last_error: null,
      response: null,
      created_at: values.now,
      updated_at: values.now,
    })
    .execute();
  return endsAt;
}

/**
 * After a stop delivery's outcome: once none of the trigger's stops is still on its way, the effect
 * is over, stopped or (any stop failed for good) stop_failed, and so are the triggers that extended
 * it. Under the trigger's row lock. Returns the new state, or null while stops are pending.
 */
export async function finishEffectIfDone(tx: Executor, historyId: number): Promise<TEffectState | null> {
  const lock = tx.selectFrom('action_history').select('id').where('id', '=', historyId).forUpdate();
  await lock.execute();
  const stops = tx
    .selectFrom('deliveries')
    .select('status')
    .where('history_id', '=', historyId)
    .where('kind', '=', 'stop')
    .forUpdate();
  const statuses = (await stops.execute()).map((r) => r.status);
  if (statuses.some((s) => s === 'queued' || s === 'in_flight' || s === 'waiting')) return null;
  const state: TEffectState = statuses.includes('failed') ? 'stop_failed' : 'stopped';
  await tx
    .updateTable('action_history')
    .set({ effect_state: state })
    .where((eb) => eb.or([eb('id', '=', historyId), eb('extends_id', '=', historyId)]))
    .where('effect_state', 'in', ['running', 'stop_failed'])
    .execute();
  return state;
}

/** The running effect of an action (not an extension of one), if any. */
export async function findRunningEffect(
  tx: Executor,
  actionId: number,
): Promise<{ id: number; endsAt: number } | null> {
  const row = await tx
    .selectFrom('action_history')
    .select(['id', 'ends_at'])
    .where('effect_state', '=', 'running')
    .where('action_id', '=', actionId)
    .where('extends_id', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.ends_at == null ? null : { id: row.id, endsAt: Number(row.ends_at) };
}

/**
 * Takes the effect's row lock, then reads its state, its end and its stops: the lock the stop's
 * outcome (finishEffectIfDone) and the streamer's stop take, so an extend decides from what they
 * committed. On MySQL the stops are a locking read too: a worker's claim skips them while this
 * transaction holds them, and one that claimed first is seen in flight.
 */
export async function lockEffect(tx: Executor, historyId: number): Promise<EffectToExtend> {
  const history = tx
    .selectFrom('action_history')
    .select(['effect_state', 'ends_at'])
    .where('id', '=', historyId)
    .forUpdate();
  const row = await history.executeTakeFirst();
  const stops = tx
    .selectFrom('deliveries')
    .select('status')
    .where('history_id', '=', historyId)
    .where('kind', '=', 'stop')
    .forUpdate();
  return {
    state: row?.effect_state ?? null,
    endsAt: row?.ends_at == null ? null : Number(row.ends_at),
    stopStatuses: (await stops.execute()).map((r) => r.status),
  };
}

/**
 * 'extend': the running effect ends `addMs` later, its stops and the triggers that extended it
 * too. Only under the lock of lockEffect, once extendVerdict said so. Returns the new end.
 */
export async function extendEffect(tx: Executor, historyId: number, addMs: number): Promise<number> {
  await tx
    .updateTable('action_history')
    .set((eb) => ({ ends_at: eb('ends_at', '+', addMs) }))
    .where('id', '=', historyId)
    .execute();
  await tx
    .updateTable('deliveries')
    .set((eb) => ({ next_attempt_at: eb('next_attempt_at', '+', addMs) }))
    .where('history_id', '=', historyId)
    .where('kind', '=', 'stop')
    .where('status', '=', 'queued')
    .execute();
  const row = await tx.selectFrom('action_history').select('ends_at').where('id', '=', historyId).executeTakeFirst();
  const endsAt = Number(row?.ends_at ?? 0);
  await tx
    .updateTable('action_history')
    .set({ ends_at: endsAt })
    .where('extends_id', '=', historyId)
    .where('effect_state', '=', 'running')
    .execute();
  return endsAt;
}

/**
 * Ends a running effect now: its stops become due at once (and the triggers that extended it end
 * with it). A stop that failed for good is tried again. Returns whether there was anything to stop.
 */
export async function stopEffectNow(tx: Executor, historyId: number, now: number): Promise<boolean> {
  const ended = await tx
    .updateTable('action_history')
    .set({ ends_at: now, effect_state: 'running' })
    .where((eb) => eb.or([eb('id', '=', historyId), eb('extends_id', '=', historyId)]))
    .where('effect_state', 'in', ['running', 'stop_failed'])
    .executeTakeFirst();
  if (Number(ended.numUpdatedRows) === 0) return false;
  await tx
    .updateTable('deliveries')
    .set({ next_attempt_at: now, updated_at: now })
    .where('history_id', '=', historyId)
    .where('kind', '=', 'stop')
    .where('status', '=', 'queued')
    .execute();
  await tx
    .updateTable('deliveries')
    .set({ status: 'queued', attempts: 0, next_attempt_at: now, held_since: null, updated_at: now })
    .where('history_id', '=', historyId)
    .where('kind', '=', 'stop')
    .where('status', '=', 'failed')
    .execute();
  return true;
}

/** Every running effect (not the extensions): 'Stop all running'. */
export async function listRunningEffects(db: Executor): Promise<number[]> {
  const rows = await db
    .selectFrom('action_history')
    .select('id')
    .where('effect_state', 'in', ['running', 'stop_failed'])
    .where('extends_id', 'is', null)
    .execute();
  return rows.map((r) => r.id);
}

/** The triggers that lengthened this one's effect: they end with it. */
export async function listExtensions(
  db: Executor,
  historyId: number,
): Promise<{ id: number; user_id: number; action_name: string; cost: number }[]> {
  return db
    .selectFrom('action_history')
    .select(['id', 'user_id', 'action_name', 'cost'])
    .where('extends_id', '=', historyId)
    .execute();
}

/**
 * The effect a trigger belongs to: an extension's is the effect it lengthened, any other trigger's
 * its own. A plain read is enough: extends_id is written with the row and never changes.
 */
export async function effectIdOf(db: Executor, historyId: number): Promise<number> {
  const row = await db.selectFrom('action_history').select('extends_id').where('id', '=', historyId).executeTakeFirst();
  return row?.extends_id ?? historyId;
}
