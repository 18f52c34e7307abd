import type { Executor } from '../executor';
import type {
  CategoryRow,
  CoinPackageRow,
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

export async function listCategories(db: Executor): Promise<CategoryRow[]> {
  return db.selectFrom('categories').selectAll().orderBy('name').orderBy('id').execute();
}

export async function insertCategory(db: Executor, values: NewCategory): Promise<number> {
  const result = await db.insertInto('categories').values(values).executeTakeFirstOrThrow();
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
