import { router } from '../../trpc';
import { createCategory } from './create-category';
import { deleteCategory } from './delete-category';
import { listCategories } from './list-categories';
import { updateCategory } from './update-category';

export const categoriesRouter = router({
  list: listCategories,
  create: createCategory,
  update: updateCategory,
  delete: deleteCategory,
});
