import { z } from 'zod';

export const ZShopStatusOut = z.object({
  paused: z.boolean(),
  reason: z.enum(['manual', 'offline']).nullable(),
  autoPauseWhenOffline: z.boolean(),
  autoPauseAvailable: z.boolean().describe('false when Twitch is not configured: auto-pause cannot see the stream'),
});

/** `GET /api/shop-status` and the /ws `shop_status` message's fields. */
export type TShopStatus = z.infer<typeof ZShopStatusOut>;

export const ZShopStatusUpdate = z
  .object({
    paused: z.boolean({ error: 'paused must be true or false' }).optional(),
    autoPauseWhenOffline: z.boolean({ error: 'autoPauseWhenOffline must be true or false' }).optional(),
  })
  .strict();
export type TShopStatusUpdate = z.input<typeof ZShopStatusUpdate>;
