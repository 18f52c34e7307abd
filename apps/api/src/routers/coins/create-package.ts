import { insertCoinPackage, nextCoinPackageSortOrder } from '@shop/db';
import { adminProcedure } from '../../trpc';
import { createPackageMeta, ZCreatePackageInput, ZCreatePackageOutput } from './create-package.types';
import { readPackage } from './read-package';

export const createPackage = adminProcedure
  .meta(createPackageMeta)
  .input(ZCreatePackageInput)
  .output(ZCreatePackageOutput)
  .mutation(async ({ ctx, input }) => {
    const { db, now } = ctx.services;
    const id = await insertCoinPackage(db.kysely, {
      name: input.name,
      description: input.description,
      image_url: input.imageUrl || null,
      amount: input.amount,
      price_cents: input.price,
      active: input.active ? 1 : 0,
      sort_order: await nextCoinPackageSortOrder(db.kysely),
      created_at: now(),
    });
    return readPackage(db.kysely, id);
  });
