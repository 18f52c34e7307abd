import { z } from 'zod';
import { CATEGORY_COLOR_PATTERN, DEFAULT_CATEGORY_COLOR } from './categories';
import { isoInstant } from './instant-schemas';

export const ZCategoryOut = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  color: z.string(),
  active: z.boolean(),
  createdAt: isoInstant,
  actionCount: z.number().int().describe('actions filed under it'),
});

export type TCategory = z.infer<typeof ZCategoryOut>;

export const ZCategoryDeletedOut = z.object({
  status: z.literal('success'),
  uncategorisedActions: z.number().int(),
});

/** What a category delete answers: how many actions it left uncategorised. */
export type TCategoryDeleted = z.infer<typeof ZCategoryDeletedOut>;

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
