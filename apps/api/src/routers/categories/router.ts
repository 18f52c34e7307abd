import { deleteCategory, findCategory, insertCategory, listCategories, toCategory, updateCategory } from '@shop/db';
import { AppError, ZCategoryInput, ZCategoryUpdate, ZId } from '@shop/domain';
import { adminProcedure, publicProcedure, router } from '../../trpc';

const list = publicProcedure.query(async ({ ctx }) => (await listCategories(ctx.services.db.kysely)).map(toCategory));

const create = adminProcedure.input(ZCategoryInput).mutation(async ({ ctx, input }) => {
  const { db, now } = ctx.services;
  const id = await insertCategory(db.kysely, {
    name: input.name,
    description: input.description || null,
    color: input.color,
    active: input.active ? 1 : 0,
    created_at: now(),
  });
  const row = await findCategory(db.kysely, id);
  if (!row) throw new AppError('INTERNAL', 'The new category could not be read back');
  return toCategory(row);
});

const update = adminProcedure.input(ZCategoryUpdate).mutation(async ({ ctx, input }) => {
  const { db } = ctx.services;
  const found = await updateCategory(db.kysely, input.id, {
    name: input.name,
    description: input.description || null,
    color: input.color,
    active: input.active ? 1 : 0,
  });
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
