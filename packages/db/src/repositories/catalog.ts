import type { TCoinPackage } from '@shop/domain';
import type { Executor } from '../executor';
import type {
  CategoryRow,
  CoinPackageRow,
  CoinPackageUpdate,
  NewCategory,
  NewCoinPackage,
  NewStreamAction,
  StreamActionRow,
} from '../schema';

export function toCoinPackage(row: CoinPackageRow): TCoinPackage {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    imageUrl: row.image_url,
    amount: row.amount,
    price: row.price_cents,
    active: row.active === 1,
  };
}

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

export async function deleteCoinPackage(db: Executor, id: number): Promise<boolean> {
  const result = await db.deleteFrom('coin_packages').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function listCategories(db: Executor): Promise<CategoryRow[]> {
  return db.selectFrom('categories').selectAll().orderBy('name').orderBy('id').execute();
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
