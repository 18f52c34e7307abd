import { sql, type Transaction } from 'kysely';
import type { Executor } from '../executor';
import type { CategoryRow, CategoryUpdate, Database, StreamActionRow, StreamActionUpdate } from '../schema';
import { type CategoryWithCount, categoryNameKey } from './catalog';

/** An action with its category's name (toStreamAction makes the API's shape of it). */
export type ActionWithCategory = StreamActionRow & { category_name: string | null };

/**
 * Starts the action's global cooldown, or refuses: one conditional UPDATE, so of two triggers
 * racing during a cooldown exactly one moves `last_triggered_at` (the other's UPDATE, run after the
 * first commits on MySQL's row lock or SQLite's write lock, matches no row). Answers null when it
 * started, else when the running cooldown ends. Call only for actions with cooldown_seconds > 0.
 */
export async function startGlobalCooldown(tx: Executor, actionId: number, now: number): Promise<number | null> {
  const result = await tx
    .updateTable('stream_actions')
    .set({ last_triggered_at: now })
    .where('id', '=', actionId)
    .where((eb) =>
      eb.or([
        eb('last_triggered_at', 'is', null),
        eb(sql<number>`last_triggered_at + cooldown_seconds * 1000`, '<=', now),
      ]),
    )
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return null;
  // A locking read on MySQL: the plain one would answer from this transaction's snapshot, which may
  // predate the trigger that just won the race (and so name a cooldown that already ended).
  const query = tx
    .selectFrom('stream_actions')
    .select(['last_triggered_at', 'cooldown_seconds'])
    .where('id', '=', actionId)
    .forUpdate();
  const row = await query.executeTakeFirst();
  return row?.last_triggered_at == null ? now : Number(row.last_triggered_at) + row.cooldown_seconds * 1000;
}

/**
 * The viewer's latest real trigger of the action. Inside the trigger transaction the caller already
 * holds the viewer's row lock (the debit), so the viewer's triggers are serialised; on MySQL the
 * read is a locking one as well, so it sees the latest committed row, not the transaction's snapshot.
 */
export async function lastUserTrigger(tx: Executor, userId: number, actionId: number): Promise<number | null> {
  const query = tx
    .selectFrom('action_history')
    .select('created_at')
    .where('user_id', '=', userId)
    .where('action_id', '=', actionId)
    .where('is_test', '=', 0)
    .orderBy('created_at', 'desc')
    .limit(1)
    .forUpdate();
  const row = await query.executeTakeFirst();
  return row ? Number(row.created_at) : null;
}

/** The viewer's latest trigger of each action (for the shop's per-viewer countdowns). */
export async function lastUserTriggers(db: Executor, userId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('action_history')
    .select(['action_id', (eb) => eb.fn.max('created_at').as('last')])
    .where('user_id', '=', userId)
    .where('is_test', '=', 0)
    .where('action_id', 'is not', null)
    .groupBy('action_id')
    .execute();
  const found = new Map<number, number>();
  for (const r of rows) if (r.action_id !== null && r.last !== null) found.set(r.action_id, Number(r.last));
  return found;
}

function actionsWithCategory(db: Executor) {
  return db
    .selectFrom('stream_actions')
    .leftJoin('categories', 'categories.id', 'stream_actions.category_id')
    .selectAll('stream_actions')
    .select('categories.name as category_name');
}

export async function listActionsWithCategory(
  db: Executor,
  options: { activeOnly: boolean },
): Promise<ActionWithCategory[]> {
  let query = actionsWithCategory(db);
  if (options.activeOnly) query = query.where('stream_actions.active', '=', 1);
  return query.orderBy('stream_actions.cost').orderBy('stream_actions.id').execute();
}

export async function findActionWithCategory(db: Executor, id: number): Promise<ActionWithCategory | undefined> {
  return actionsWithCategory(db).where('stream_actions.id', '=', id).executeTakeFirst();
}

export async function updateStreamAction(db: Executor, id: number, values: StreamActionUpdate): Promise<boolean> {
  if (Object.keys(values).length > 0) await db.updateTable('stream_actions').set(values).where('id', '=', id).execute();
  return (await db.selectFrom('stream_actions').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

export async function deleteStreamAction(db: Executor, id: number): Promise<boolean> {
  const result = await db.deleteFrom('stream_actions').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function findCategory(db: Executor, id: number): Promise<CategoryRow | undefined> {
  return db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findCategoryByName(db: Executor, name: string): Promise<CategoryRow | undefined> {
  return db.selectFrom('categories').selectAll().where('name_key', '=', categoryNameKey(name)).executeTakeFirst();
}

/** Fails with a unique violation when renamed to the name (any case) of another category. */
export async function updateCategory(
  db: Executor,
  id: number,
  values: Omit<CategoryUpdate, 'name_key'>,
): Promise<boolean> {
  const set = values.name === undefined ? values : { ...values, name_key: categoryNameKey(values.name) };
  if (Object.keys(set).length > 0) await db.updateTable('categories').set(set).where('id', '=', id).execute();
  return (await findCategory(db, id)) !== undefined;
}

export async function findCategoryWithCount(db: Executor, id: number): Promise<CategoryWithCount | undefined> {
  return db
    .selectFrom('categories')
    .selectAll('categories')
    .select((eb) =>
      eb
        .selectFrom('stream_actions')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('stream_actions.category_id', '=', 'categories.id')
        .as('action_count'),
    )
    .where('categories.id', '=', id)
    .executeTakeFirst();
}

/**
 * Deletes a category and leaves its actions uncategorised. The foreign key says ON DELETE SET NULL,
 * but MySQL ignores a REFERENCES written inline in a column definition, so the repository clears
 * the actions itself, in the caller's transaction with the delete. Answers null when there was no
 * such category, else how many actions lost it.
 */
export async function deleteCategory(
  tx: Transaction<Database>,
  id: number,
): Promise<{ uncategorisedActions: number } | null> {
  const cleared = await tx
    .updateTable('stream_actions')
    .set({ category_id: null })
    .where('category_id', '=', id)
    .executeTakeFirst();
  const result = await tx.deleteFrom('categories').where('id', '=', id).executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) return null;
  return { uncategorisedActions: Number(cleared.numUpdatedRows) };
}

/** Locks the action's row (MySQL; SQLite's write lock serialises anyway): false when there is none. */
export async function lockStreamAction(tx: Executor, id: number): Promise<boolean> {
  const query = tx.selectFrom('stream_actions').select('id').where('id', '=', id).forUpdate();
  return (await query.executeTakeFirst()) !== undefined;
}
