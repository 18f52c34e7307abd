import { type Executor, findCategoryByName, insertCategory, isUniqueViolation } from '@shop/db';
import { DEFAULT_CATEGORY_COLOR, fallbackCategoryName } from '@shop/domain';

/**
 * The action form offers the four fallback categories (admin-spec section 9) while none exist. They
 * are not rows until used: when an admin saves an action with one, the category is created then,
 * with the default colour, so the action is filed where the admin put it and shows under that
 * name in the shop's filter. Storing it uncategorised would silently drop the admin's choice.
 *
 * Answers the category's id, or null when the name is not a fallback name (the caller then refuses
 * it as an unknown category). Two saves racing to create the same one end with one row: the
 * unique name index decides and the loser reads the winner's row.
 */
export async function ensureFallbackCategory(db: Executor, name: string, now: number): Promise<number | null> {
  const canonical = fallbackCategoryName(name);
  if (!canonical) return null;
  const existing = await findCategoryByName(db, canonical);
  if (existing) return existing.id;
  try {
    return await insertCategory(db, {
      name: canonical,
      description: null,
      color: DEFAULT_CATEGORY_COLOR,
      active: 1,
      created_at: now,
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await findCategoryByName(db, canonical);
    if (!winner) throw error;
    return winner.id;
  }
}
