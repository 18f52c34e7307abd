import { router } from '../../trpc';
import { createPackage, deletePackage, listAllPackages, updatePackage } from './admin-packages';
import { listPackages } from './list-packages';

export const coinsRouter = router({ listPackages, listAllPackages, createPackage, updatePackage, deletePackage });
