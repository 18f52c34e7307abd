import type { Executor } from '../executor';

// Stock, per-stream limits and surge: the action row is locked first, so the checks and the writes
// of two triggers of one action happen one after the other.

/** What a sale decides from, as the locked row holds it: the price, the stock, the limits and the surge. */
export interface SaleTerms {
  cost: number;
  stock: number | null;
  per_stream_limit: number | null;
  per_viewer_per_stream_limit: number | null;
  surge_percent: number;
  surge_decay_seconds: number;
  surge_max_multiplier: number;
  surge_steps: number;
  surge_at: number;
}

/**
 * Locks the action's row (MySQL; SQLite's one writer serialises anyway) and reads every column a sale
 * decides from: the caller uses these, never a cached copy of the action, which may be older.
 */
export async function lockActionForSale(tx: Executor, actionId: number): Promise<SaleTerms | null> {
  const query = tx
    .selectFrom('stream_actions')
    .select([
      'cost',
      'stock',
      'per_stream_limit',
      'per_viewer_per_stream_limit',
      'surge_percent',
      'surge_decay_seconds',
      'surge_max_multiplier',
      'surge_steps',
      'surge_at',
    ])
    .where('id', '=', actionId)
    .forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) return null;
  return {
    cost: Number(row.cost),
    stock: row.stock === null ? null : Number(row.stock),
    per_stream_limit: row.per_stream_limit,
    per_viewer_per_stream_limit: row.per_viewer_per_stream_limit,
    surge_percent: Number(row.surge_percent),
    surge_decay_seconds: Number(row.surge_decay_seconds),
    surge_max_multiplier: Number(row.surge_max_multiplier),
    surge_steps: Number(row.surge_steps),
    surge_at: Number(row.surge_at),
  };
}

/** Takes one of the stock; false when none is left. */
export async function takeStock(tx: Executor, actionId: number): Promise<boolean> {
  const result = await tx
    .updateTable('stream_actions')
    .set((eb) => ({ stock: eb('stock', '-', 1) }))
    .where('id', '=', actionId)
    .where('stock', '>', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A refunded trigger puts back the unit its sale took: nothing when it took none (sold before the
 * action had a stock) or when the action has no stock any more. Decided from the stored trigger,
 * whatever copy of it the caller holds.
 */
export async function returnStockTakenBy(tx: Executor, historyId: number): Promise<void> {
  await tx
    .updateTable('stream_actions')
    .set((eb) => ({ stock: eb('stock', '+', 1) }))
    .where('id', '=', (eb) =>
      eb.selectFrom('action_history').select('action_id').where('id', '=', historyId).where('took_stock', '=', 1),
    )
    .where('stock', 'is not', null)
    .execute();
}

/** The surge steps as of `now` (the caller computed them, faded, plus this trigger's step). */
export async function writeSurgeSteps(tx: Executor, actionId: number, steps: number, now: number): Promise<void> {
  await tx
    .updateTable('stream_actions')
    .set({ surge_steps: steps, surge_at: now })
    .where('id', '=', actionId)
    .execute();
}

/** An action's triggers since `since` (tests and refunded ones left out), everyone's or one viewer's. */
export async function countTriggersSince(
  db: Executor,
  actionId: number,
  since: number,
  userId?: number,
): Promise<number> {
  let query = db
    .selectFrom('action_history')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('action_id', '=', actionId)
    .where('created_at', '>=', since)
    .where('refunded', '=', 0)
    .where('is_test', '=', 0);
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  return Number((await query.executeTakeFirst())?.n ?? 0);
}

/** The same counts for several actions at once (the shop's list), keyed by action id. */
export async function countTriggersSinceByAction(
  db: Executor,
  actionIds: readonly number[],
  since: number,
  userId?: number,
): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (actionIds.length === 0) return counts;
  let query = db
    .selectFrom('action_history')
    .select((eb) => ['action_id', eb.fn.countAll<number>().as('n')])
    .where('action_id', 'in', [...actionIds])
    .where('created_at', '>=', since)
    .where('refunded', '=', 0)
    .where('is_test', '=', 0)
    .groupBy('action_id');
  if (userId !== undefined) query = query.where('user_id', '=', userId);
  for (const row of await query.execute()) {
    if (row.action_id !== null) counts.set(row.action_id, Number(row.n));
  }
  return counts;
}

/** An action's limits, for counting what is left of them. */
export async function findStreamActionLimits(
  db: Executor,
  actionId: number,
): Promise<{ id: number; per_stream_limit: number | null; per_viewer_per_stream_limit: number | null }[]> {
  return db
    .selectFrom('stream_actions')
    .select(['id', 'per_stream_limit', 'per_viewer_per_stream_limit'])
    .where('id', '=', actionId)
    .execute();
}
