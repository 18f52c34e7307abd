import { z } from 'zod';

export const ZShopStatusUpdate = z
  .object({
    paused: z.boolean({ error: 'paused must be true or false' }).optional(),
    autoPauseWhenOffline: z.boolean({ error: 'autoPauseWhenOffline must be true or false' }).optional(),
  })
  .strict();
export type TShopStatusUpdate = z.input<typeof ZShopStatusUpdate>;
