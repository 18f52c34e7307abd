import { updateCoinPackage } from '@shop/db';
import { AppError } from '@shop/domain';
import { adminProcedure } from '../../trpc';
import { readPackage } from './read-package';
import { updatePackageMeta, ZUpdatePackageInput, ZUpdatePackageOutput } from './update-package.types';

export const updatePackage = adminProcedure
  .meta(updatePackageMeta)
  .input(ZUpdatePackageInput)
  .output(ZUpdatePackageOutput)
  .mutation(async ({ ctx, input }) => {
    const { db } = ctx.services;
    const { id, name, description, imageUrl, amount, price, active, sortOrder } = input;
    const found = await updateCoinPackage(db.kysely, id, {
      ...(name !== undefined && { name }),
      ...(description !== undefined && { description }),
      ...(imageUrl !== undefined && { image_url: imageUrl || null }),
      ...(amount !== undefined && { amount }),
      ...(price !== undefined && { price_cents: price }),
      ...(active !== undefined && { active: active ? 1 : 0 }),
      ...(sortOrder !== undefined && { sort_order: sortOrder }),
    });
    if (!found) throw new AppError('NOT_FOUND', 'Coin package not found');
    return readPackage(db.kysely, id);
  });
