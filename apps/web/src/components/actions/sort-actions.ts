import type { TStreamAction } from '@shop/domain';

/** Admin game tabs (admin-spec section 2): grouped by category, then by name; uncategorised last. */
export function sortByCategoryThenName<T extends Pick<TStreamAction, 'category' | 'name'>>(actions: readonly T[]): T[] {
  return [...actions].sort((a, b) => {
    if (a.category !== b.category) {
      if (a.category === null) return 1;
      if (b.category === null) return -1;
      const byCategory = a.category.localeCompare(b.category);
      if (byCategory !== 0) return byCategory;
    }
    return a.name.localeCompare(b.name);
  });
}
