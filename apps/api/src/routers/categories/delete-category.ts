import { deleteCategory as deleteRow, transactionWithRetry } from '@shop/db';
import { AppError } from '@shop/domain';
import { adminProcedure } from '../../trpc';
import { deleteCategoryMeta, ZDeleteCategoryInput, ZDeleteCategoryOutput } from './delete-category.types';

/** Actions of a deleted category stay, uncategorised; the answer says how many. */
export const deleteCategory = adminProcedure
  .meta(deleteCategoryMeta)
  .input(ZDeleteCategoryInput)
  .output(ZDeleteCategoryOutput)
  .mutation(async ({ ctx, input }) => {
    const deleted = await transactionWithRetry(ctx.services.db, (tx) => deleteRow(tx, input.id));
    if (!deleted) throw new AppError('NOT_FOUND', 'Category not found');
    return { status: 'success' as const, uncategorisedActions: deleted.uncategorisedActions };
  });
