import { type Executor, findCategoryWithCount } from '@shop/db';
import { AppError, type TCategory, toCategory } from '@shop/domain';

export async function readCategory(db: Executor, id: number): Promise<TCategory> {
  const row = await findCategoryWithCount(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Category not found');
  return toCategory(row);
}
