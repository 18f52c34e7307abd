import { bumpCatalogVersion, deleteStreamAction, transactionWithRetry } from '@shop/db';
import { AppError } from '@shop/domain';
import { adminProcedure } from '../../trpc';
import { deleteActionMeta, ZDeleteActionInput, ZDeleteActionOutput } from './delete-action.types';

export const deleteAction = adminProcedure
  .meta(deleteActionMeta)
  .input(ZDeleteActionInput)
  .output(ZDeleteActionOutput)
  .mutation(async ({ ctx, input }) => {
    const { db } = ctx.services;
    await transactionWithRetry(db, async (tx) => {
      if (!(await deleteStreamAction(tx, input.id))) throw new AppError('NOT_FOUND', 'Action not found');
      // A process still holding a copy of it locks the row before selling, and finds none.
      await bumpCatalogVersion(tx);
    });
    return { status: 'success' as const };
  });
