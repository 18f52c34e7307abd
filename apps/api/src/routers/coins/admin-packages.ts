import {
  deleteCoinPackage,
  type Executor,
  findCoinPackage,
  insertCoinPackage,
  listCoinPackages,
  nextCoinPackageSortOrder,
  reorderCoinPackages,
  toCoinPackage,
  updateCoinPackage,
} from '@shop/db';
import { AppError, ZCoinPackageInput, ZCoinPackageOrder, ZCoinPackageUpdate, ZPackageId } from '@shop/domain';
import { adminProcedure } from '../../trpc';

async function readPackage(db: Executor, id: number) {
  const row = await findCoinPackage(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Coin package not found');
  return toCoinPackage(row);
}

export const listAllPackages = adminProcedure.query(async ({ ctx }) => {
  return (await listCoinPackages(ctx.services.db.kysely, { activeOnly: false })).map(toCoinPackage);
});

export const createPackage = adminProcedure.input(ZCoinPackageInput).mutation(async ({ ctx, input }) => {
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

export const updatePackage = adminProcedure.input(ZCoinPackageUpdate).mutation(async ({ ctx, input }) => {
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

export const deletePackage = adminProcedure.input(ZPackageId).mutation(async ({ ctx, input }) => {
  if (!(await deleteCoinPackage(ctx.services.db.kysely, input.id))) {
    throw new AppError('NOT_FOUND', 'Coin package not found');
  }
  return { status: 'success' as const };
});

/** The admin's up and down buttons: the whole new order, applied in one transaction. */
export const reorderPackages = adminProcedure.input(ZCoinPackageOrder).mutation(async ({ ctx, input }) => {
  const { db } = ctx.services;
  if (!(await reorderCoinPackages(db.kysely, input.ids))) throw new AppError('NOT_FOUND', 'Coin package not found');
  return (await listCoinPackages(db.kysely, { activeOnly: false })).map(toCoinPackage);
});
