import { type Executor, findActionWithCategory, findCategory, findCategoryByName } from '@shop/db';
import { type ActionCounts, AppError, type TStreamAction, toStreamAction } from '@shop/domain';
import { ensureFallbackCategory } from '../categories/fallback';

export async function readAction(
  db: Executor,
  id: number,
  now: number,
  counts?: (actionId: number) => ActionCounts,
): Promise<TStreamAction> {
  const row = await findActionWithCategory(db, id);
  if (!row) throw new AppError('NOT_FOUND', 'Action not found');
  return toStreamAction(row, now, null, counts?.(id));
}

/**
 * The admin form names a category (matched in any case: names are unique that way); API clients
 * may send its id, which wins when both are given. A null id beside a name is no choice of its own
 * (admin-spec section 3: categoryId is sent as null), so the name is kept; a null id alone, or
 * an empty name, clears the category. An unknown category is a clear 400, never a foreign-key 500.
 */
export async function resolveCategoryId(
  db: Executor,
  input: { categoryId?: number | null | undefined; category?: string | null | undefined },
  // The created_at of a fallback category made on first use; callers should pass services.now().
  now: number = Date.now(),
): Promise<number | null | undefined> {
  // The admin spec's clients send the category by name with `categoryId: null`: the name decides then.
  const byName = typeof input.category === 'string' && input.category !== '';
  if (input.categoryId !== undefined && !(input.categoryId === null && byName)) {
    if (input.categoryId === null) return null;
    if (!(await findCategory(db, input.categoryId))) throw new AppError('BAD_REQUEST', 'Category not found');
    return input.categoryId;
  }
  if (input.category === undefined) return undefined;
  if (input.category === null || input.category === '') return null;
  const found = await findCategoryByName(db, input.category);
  if (found) return found.id;
  // A fallback name the form offered while no category existed becomes a category now.
  const fallback = await ensureFallbackCategory(db, input.category, now);
  if (fallback === null) throw new AppError('BAD_REQUEST', `category: no category named '${input.category}'`);
  return fallback;
}
