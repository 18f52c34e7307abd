export const DEFAULT_CATEGORY_COLOR = '#6B7280';

/**
 * admin-spec section 9: what the action form offers while no category exists. They are choices, not
 * rows: a category of that name is created only when an admin saves an action with it.
 */
export const FALLBACK_CATEGORY_NAMES = ['Game Effect', 'Sound Effect', 'Visual Effect', 'Chat Effect'] as const;

/** The canonical spelling of a fallback name ('game effect' -> 'Game Effect'), or null. */
export function fallbackCategoryName(name: string): string | null {
  const key = name.trim().toLowerCase();
  return FALLBACK_CATEGORY_NAMES.find((fallback) => fallback.toLowerCase() === key) ?? null;
}

export const CATEGORY_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;
