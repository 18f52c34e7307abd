import { isUniqueViolation } from '@shop/db';
import { AppError } from '@shop/domain';

export const CATEGORY_NAME_TAKEN = 'A category with this name already exists';

/**
 * Names are unique in any case (a unique index on the folded name), so choosing a category by
 * name always means one category. The index, not a prior lookup, is what decides: two admins
 * saving 'Sound' and 'sound' at once still end with one of them told so.
 */
export async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('CONFLICT', CATEGORY_NAME_TAKEN);
    throw error;
  }
}
