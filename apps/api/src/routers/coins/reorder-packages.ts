import { listCoinPackages, reorderCoinPackages, transactionWithRetry } from '@shop/db';
import { AppError, toCoinPackage } from '@shop/domain';
import { adminProcedure } from '../../trpc';
import { reorderPackagesMeta, ZReorderPackagesInput, ZReorderPackagesOutput } from './reorder-packages.types';

/** The admin's up and down buttons: the whole new order, applied in one transaction. */
export const reorderPackages = adminProcedure
  .meta(reorderPackagesMeta)
  .input(ZReorderPackagesInput)
  .output(ZReorderPackagesOutput)
  .mutation(async ({ ctx, input }) => {
    const { db } = ctx.services;
    if (!(await transactionWithRetry(db, (tx) => reorderCoinPackages(tx, input.ids))))
      throw new AppError('NOT_FOUND', 'Coin package not found');
    return (await listCoinPackages(db.kysely, { activeOnly: false })).map(toCoinPackage);
  });
