import {
  deleteCategory,
  type Executor,
  findCategoryWithCount,
  insertCategory,
  isUniqueViolation,
  listCategories,
  toCategory,
  updateCategory,
} from '@shop/db';
import { AppError, type TCategory, type TCategoryDeleted, ZCategoryInput, ZCategoryUpdate, ZId } from '@shop/domain';
import { adminProcedure, publicProcedure, router } from '../../trpc';

export const CATEGORY_NAME_TAKEN = 'A category with this name already exists';

/**
 * Names are unique in any case (a unique index on the folded name), so choosing a category by
 * name always means one category. The index, not a prior lookup, is what decides: two admins
 * saving 'Sound' and 'sound' at once still end with one of them told so.
 */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', CATEGORY_NAME_TAKEN);
    throw error;
  }
}

async function readCategory(db: Executor, id: number): Promise<TCategory> {
  const row = await findCategoryWithCount(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Category not found');
  return toCategory(row);
}

/** admin-spec section 6: the categories page may read the list for anyone who reaches it. */
const list = publicProcedure.query(async ({ ctx }) => (await listCategories(ctx.services.db.kysely)).map(toCategory));

const create = adminProcedure.input(ZCategoryInput).mutation(async ({ ctx, input }) => {
  const { db, now } = ctx.services;
  const id = await uniqueName(() =>
    insertCategory(db.kysely, {
      name: input.name,
      description: input.description || null,
      color: input.color,
      active: input.active ? 1 : 0,
      created_at: now(),
    }),
  );
  return readCategory(db.kysely, id);
});

const update = adminProcedure.input(ZCategoryUpdate).mutation(async ({ ctx, input }) => {
  const { db } = ctx.services;
  const found = await uniqueName(() =>
    updateCategory(db.kysely, input.id, {
      name: input.name,
      description: input.description || null,
      color: input.color,
      active: input.active ? 1 : 0,
    }),
  );
  if (!found) throw new AppError('NOT_FOUND', 'Category not found');
  return readCategory(db.kysely, input.id);
});

/** Actions of a deleted category stay, uncategorised; the answer says how many. */
const remove = adminProcedure.input(ZId).mutation(async ({ ctx, input }): Promise<TCategoryDeleted> => {
  const deleted = await deleteCategory(ctx.services.db.kysely, input.id);
  if (!deleted) throw new AppError('NOT_FOUND', 'Category not found');
  return { status: 'success', uncategorisedActions: deleted.uncategorisedActions };
});

export const categoriesRouter = router({ list, create, update, delete: remove });
