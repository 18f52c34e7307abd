import { insertCategory } from '@shop/db';
import { adminProcedure } from '../../trpc';
import { createCategoryMeta, ZCreateCategoryInput, ZCreateCategoryOutput } from './create-category.types';
import { readCategory } from './read-category';
import { uniqueName } from './unique-name';

export const createCategory = adminProcedure
  .meta(createCategoryMeta)
  .input(ZCreateCategoryInput)
  .output(ZCreateCategoryOutput)
  .mutation(async ({ ctx, input }) => {
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
