import { router } from '../../trpc';
import { createPackage } from './create-package';
import { deletePackage } from './delete-package';
import { listAllPackages } from './list-all-packages';
import { listPackages } from './list-packages';
import { reorderPackages } from './reorder-packages';
import { updatePackage } from './update-package';

export const coinsRouter = router({
  listPackages,
  listAllPackages,
  createPackage,
  updatePackage,
  reorderPackages,
  deletePackage,
});
