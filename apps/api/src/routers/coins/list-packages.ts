import { listCoinPackages, toCoinPackage } from '@shop/db';
import { publicProcedure } from '../../trpc';

export const listPackages = publicProcedure.query(async ({ ctx }) =>
  (await listCoinPackages(ctx.services.db.kysely, { activeOnly: true })).map(toCoinPackage),
);
