import { z } from 'zod';
import type { ZCategoryDeletedOut, ZCategoryOut } from './api-schemas';

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

export type TCategory = z.infer<typeof ZCategoryOut>;

export const CATEGORY_COLOR_PATTERN = /^#[0-9a-fA-F]{6}$/;

export const ZCategoryInput = z.object({
  name: z
    .string({ error: 'Name is required' })
    .trim()
    .min(1, 'Name is required')
    .max(100, 'Name must be at most 100 characters'),
  description: z.string().trim().max(500, 'Description must be at most 500 characters').nullable().optional(),
  color: z
    .string()
    .regex(CATEGORY_COLOR_PATTERN, 'Color must be a hex colour like #6B7280')
    .default(DEFAULT_CATEGORY_COLOR),
  active: z.boolean().default(true),
});
export type TCategoryInput = z.input<typeof ZCategoryInput>;

export const ZCategoryUpdate = ZCategoryInput.extend({ id: z.coerce.number().int().positive() });
export type TCategoryUpdate = z.input<typeof ZCategoryUpdate>;

/** What a category delete answers: how many actions it left uncategorised. */
export type TCategoryDeleted = z.infer<typeof ZCategoryDeletedOut>;
