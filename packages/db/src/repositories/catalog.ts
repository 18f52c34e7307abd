import type { Transaction } from 'kysely';
import type { Executor } from '../executor';
import type {
  CategoryRow,
  CoinPackageRow,
  CoinPackageUpdate,
  Database,
  NewCategory,
  NewCoinPackage,
  NewStreamAction,
  StreamActionRow,
} from '../schema';

export async function listCoinPackages(db: Executor, options: { activeOnly: boolean }): Promise<CoinPackageRow[]> {
  let query = db.selectFrom('coin_packages').selectAll();
  if (options.activeOnly) query = query.where('active', '=', 1);
  return query.orderBy('sort_order').orderBy('price_cents').orderBy('id').execute();
}

export async function insertCoinPackage(db: Executor, values: NewCoinPackage): Promise<number> {
  const result = await db.insertInto('coin_packages').values(values).executeTakeFirstOrThrow();
  return Number(result.insertId);
}

export async function findCoinPackage(db: Executor, id: number): Promise<CoinPackageRow | undefined> {
  return db.selectFrom('coin_packages').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateCoinPackage(db: Executor, id: number, values: CoinPackageUpdate): Promise<boolean> {
  if (Object.keys(values).length === 0) return (await findCoinPackage(db, id)) !== undefined;
  const result = await db.updateTable('coin_packages').set(values).where('id', '=', id).executeTakeFirst();
  // MySQL counts only rows whose values changed; existence is what the caller asks about.
  return Number(result.numUpdatedRows) > 0 || (await findCoinPackage(db, id)) !== undefined;
}

/** Where a new package goes: after every existing one, so it never jumps ahead of the admin's order. */
export async function nextCoinPackageSortOrder(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('coin_packages')
    .select((eb) => eb.fn.max('sort_order').as('last'))
    .executeTakeFirst();
  return row?.last === null || row?.last === undefined ? 0 : Number(row.last) + 1;
}

/**
 * Puts packages in the given order (sort_order 0, 1, 2...) in the caller's transaction, so two tabs
 * moving packages at once never leave a half-applied order. Answers false, changing nothing, when an
 * id is not a package (the caller rolls back nothing: no row was written).
 */
export async function reorderCoinPackages(tx: Transaction<Database>, ids: readonly number[]): Promise<boolean> {
  if (ids.length === 0) return true;
  const found = await tx
    .selectFrom('coin_packages')
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  if (found.length !== new Set(ids).size) return false;
  for (const [index, id] of ids.entries()) {
    await tx.updateTable('coin_packages').set({ sort_order: index }).where('id', '=', id).execute();
  }
  return true;
}

export async function deleteCoinPackage(db: Executor, id: number): Promise<boolean> {
  const result = await db.deleteFrom('coin_packages').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** A category row with how many actions use it (MySQL counts arrive as text); toCategory makes the API's shape. */
export type CategoryWithCount = CategoryRow & { action_count: number | string | bigint | null };

/** Every category with how many actions use it, by name. */
export async function listCategories(db: Executor): Promise<CategoryWithCount[]> {
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
    .orderBy('categories.name')
    .orderBy('categories.id')
    .execute();
}

/** The key that makes category names unique whatever their case. */
export const categoryNameKey = (name: string): string => name.trim().toLowerCase();

/** Fails with a unique violation when a category of that name (any case) exists. */
export async function insertCategory(db: Executor, values: Omit<NewCategory, 'name_key'>): Promise<number> {
  const result = await db
    .insertInto('categories')
    .values({ ...values, name_key: categoryNameKey(values.name) })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

export async function listStreamActions(db: Executor, options: { activeOnly: boolean }): Promise<StreamActionRow[]> {
  let query = db.selectFrom('stream_actions').selectAll();
  if (options.activeOnly) query = query.where('active', '=', 1);
  return query.orderBy('cost').orderBy('id').execute();
}

export async function insertStreamAction(db: Executor, values: NewStreamAction): Promise<number> {
  const result = await db.insertInto('stream_actions').values(values).executeTakeFirstOrThrow();
  return Number(result.insertId);
}

export async function isCatalogEmpty(db: Executor): Promise<boolean> {
  const [packages, categories, actions] = await Promise.all([
    db.selectFrom('coin_packages').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('categories').select('id').limit(1).executeTakeFirst(),
    db.selectFrom('stream_actions').select('id').limit(1).executeTakeFirst(),
  ]);
  return !packages && !categories && !actions;
}
