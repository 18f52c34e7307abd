/**
 * admin-spec section 2's confirmation, plus what happens to the actions filed under the category:
 * they stay in the shop, uncategorised.
 */
export function deleteCategoryMessage(actionCount: number): string {
  const base = 'Are you sure you want to delete this category? This action cannot be undone.';
  if (actionCount === 0) return base;
  const actions = actionCount === 1 ? '1 action uses it and' : `${actionCount} actions use it and`;
  return `${base} ${actions} will become uncategorised.`;
}
