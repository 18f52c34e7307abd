import { z } from 'zod';

export const DEFAULT_CATEGORY_COLOR = '#6B7280';

export interface TCategory {
  id: number;
  name: string;
  description: string | null;
  color: string;
  active: boolean;
  createdAt: string;
}

export const ZCategoryInput = z.object({
  name: z.string({ error: 'Name is required' }).trim().min(1, 'Name is required').max(100),
  description: z.string().trim().max(500).nullable().optional(),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'Color must be a hex colour like #6B7280')
    .default(DEFAULT_CATEGORY_COLOR),
  active: z.boolean().default(true),
});
export type TCategoryInput = z.input<typeof ZCategoryInput>;

export const ZCategoryUpdate = ZCategoryInput.extend({ id: z.coerce.number().int().positive() });
export type TCategoryUpdate = z.input<typeof ZCategoryUpdate>;
