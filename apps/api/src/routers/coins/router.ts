import { router } from '../../trpc';
import { createPackage, deletePackage, listAllPackages, reorderPackages, updatePackage } from './admin-packages';
import { listPackages } from './list-packages';

export const coinsRouter = router({
  listPackages,
  listAllPackages,
  createPackage,
  updatePackage,
  reorderPackages,
  deletePackage,
});
