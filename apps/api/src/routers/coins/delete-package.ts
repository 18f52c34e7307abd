import { deleteCoinPackage } from '@shop/db';
import { AppError } from '@shop/domain';
import { adminProcedure } from '../../trpc';
import { deletePackageMeta, ZDeletePackageInput, ZDeletePackageOutput } from './delete-package.types';

export const deletePackage = adminProcedure
  .meta(deletePackageMeta)
  .input(ZDeletePackageInput)
  .output(ZDeletePackageOutput)
  .mutation(async ({ ctx, input }) => {
    if (!(await deleteCoinPackage(ctx.services.db.kysely, input.id))) {
      throw new AppError('NOT_FOUND', 'Coin package not found');
    }
    return { status: 'success' as const };
  });
