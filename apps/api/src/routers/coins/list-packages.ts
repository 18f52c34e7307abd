import { listCoinPackages } from '@shop/db';
import { toCoinPackage } from '@shop/domain';
import { publicProcedure } from '../../trpc';
import { listPackagesMeta, ZListPackagesOutput } from './list-packages.types';

export const listPackages = publicProcedure
  .meta(listPackagesMeta)
  .output(ZListPackagesOutput)
  .query(async ({ ctx }) => (await listCoinPackages(ctx.services.db.kysely, { activeOnly: true })).map(toCoinPackage));
