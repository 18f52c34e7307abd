import {
  deleteCategory,
  findCategory,
  insertCategory,
  isUniqueViolation,
  listCategories,
  toCategory,
  updateCategory,
} from '@shop/db';
import { AppError, ZCategoryInput, ZCategoryUpdate, ZId } from '@shop/domain';
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
  const row = await findCategory(db.kysely, id);
  if (!row) throw new AppError('INTERNAL', 'The new category could not be read back');
  return toCategory(row);
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
  const row = found ? await findCategory(db.kysely, input.id) : undefined;
  if (!row) throw new AppError('NOT_FOUND', 'Category not found');
  return toCategory(row);
});

/** Actions of a deleted category stay, uncategorised (the foreign key sets null). */
const remove = adminProcedure.input(ZId).mutation(async ({ ctx, input }) => {
  if (!(await deleteCategory(ctx.services.db.kysely, input.id))) throw new AppError('NOT_FOUND', 'Category not found');
  return { status: 'success' as const };
});

export const categoriesRouter = router({ list, create, update, delete: remove });
