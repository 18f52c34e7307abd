import { updateCategory as updateRow } from '@shop/db';
import { AppError } from '@shop/domain';
import { adminProcedure } from '../../trpc';
import { readCategory } from './read-category';
import { uniqueName } from './unique-name';
import { updateCategoryMeta, ZUpdateCategoryInput, ZUpdateCategoryOutput } from './update-category.types';

export const updateCategory = adminProcedure
  .meta(updateCategoryMeta)
  .input(ZUpdateCategoryInput)
  .output(ZUpdateCategoryOutput)
  .mutation(async ({ ctx, input }) => {
    const { db } = ctx.services;
    const found = await uniqueName(() =>
      updateRow(db.kysely, input.id, {
        name: input.name,
        description: input.description || null,
        color: input.color,
        active: input.active ? 1 : 0,
      }),
    );
    if (!found) throw new AppError('NOT_FOUND', 'Category not found');
    return readCategory(db.kysely, input.id);
  });
