import { deleteStreamAction } from '@shop/db';
import { AppError } from '@shop/domain';
import { adminProcedure } from '../../trpc';
import { deleteActionMeta, ZDeleteActionInput, ZDeleteActionOutput } from './delete-action.types';

export const deleteAction = adminProcedure
  .meta(deleteActionMeta)
  .input(ZDeleteActionInput)
  .output(ZDeleteActionOutput)
  .mutation(async ({ ctx, input }) => {
    if (!(await deleteStreamAction(ctx.services.db.kysely, input.id))) {
      throw new AppError('NOT_FOUND', 'Action not found');
    }
    return { status: 'success' as const };
  });
