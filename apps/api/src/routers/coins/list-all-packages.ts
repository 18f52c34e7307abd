import { listCoinPackages } from '@shop/db';
import { toCoinPackage } from '@shop/domain';
import { adminProcedure } from '../../trpc';
import { listAllPackagesMeta, ZListAllPackagesOutput } from './list-all-packages.types';

export const listAllPackages = adminProcedure
  .meta(listAllPackagesMeta)
  .output(ZListAllPackagesOutput)
  .query(async ({ ctx }) => (await listCoinPackages(ctx.services.db.kysely, { activeOnly: false })).map(toCoinPackage));
