import { z } from 'zod';
import {
  ENDPOINT_GAME_TYPES,
  isOverlayUrl,
  MASKED_SECRET,
  SECRET_REQUIRED_MESSAGE,
  type TDeliveryPreview,
  UP_NEXT_OVERLAY_ONLY_MESSAGE,
} from './endpoints';

export const ZWebhookEndpointOut = z.object({
  id: z.number().int(),
  url: z.string(),
  secretKey: z.string().describe('always masked once saved: secrets are write-only'),
  hasSecret: z.boolean(),
  description: z.string(),
  gameType: z.enum(ENDPOINT_GAME_TYPES),
  active: z.boolean(),
  overlayUrl: z
    .string()
    .nullable()
    .describe('overlay:// endpoints: the secret page URL for the OBS browser source (admins only); else null'),
  showUpNext: z
    .boolean()
    .describe('overlay:// endpoints: the overlay page also lists the next three triggers in line; false for others'),
});

export type TWebhookEndpoint = z.infer<typeof ZWebhookEndpointOut>;

const SCHEMES = ['http:', 'https:', 'rcon:', 'webrcon:', 'overlay:'];
const URL_MESSAGE = 'URL must start with http://, https://, rcon://, webrcon:// or overlay://';

export const ZEndpointUrl = z
  .string({ error: 'URL is required' })
  .trim()
  .min(1, 'URL is required')
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return SCHEMES.includes(url.protocol) && url.hostname !== '';
    } catch {
      return false;
    }
  }, URL_MESSAGE);

const ZEndpointFields = z.object({
  url: ZEndpointUrl,
  secretKey: z.string({ error: 'Secret key is required' }).min(1, 'Secret key is required').max(500),
  description: z.string({ error: 'Description is required' }).trim().min(1, 'Description is required').max(255),
  gameType: z.enum(ENDPOINT_GAME_TYPES, { error: 'gameType must be other, minecraft or rust' }),
  active: z.boolean(),
  showUpNext: z.boolean({ error: 'showUpNext must be true or false' }),
});

export const ZWebhookEndpointInput = ZEndpointFields.extend({
  // Optional only for overlay:// URLs (checked below): the overlay's credential is a token the shop makes.
  secretKey: z.string().max(500).default(''),
  gameType: ZEndpointFields.shape.gameType.default('other'),
  active: z.boolean().default(true),
  showUpNext: ZEndpointFields.shape.showUpNext.default(false),
})
  .refine((v) => v.secretKey !== '' || isOverlayUrl(v.url), {
    message: SECRET_REQUIRED_MESSAGE,
    path: ['secretKey'],
  })
  .refine((v) => !v.showUpNext || isOverlayUrl(v.url), {
    message: UP_NEXT_OVERLAY_ONLY_MESSAGE,
    path: ['showUpNext'],
  });
export type TWebhookEndpointInput = z.input<typeof ZWebhookEndpointInput>;

/** A full edit or just {active}; a secret left masked (or empty) keeps the stored one. */
export const ZWebhookEndpointUpdate = ZEndpointFields.partial()
  .extend({ id: z.coerce.number().int().positive(), secretKey: z.string().max(500).optional() })
  .transform(({ secretKey, ...rest }) =>
    secretKey === undefined || secretKey === '' || secretKey === MASKED_SECRET ? rest : { ...rest, secretKey },
  );
export type TWebhookEndpointUpdate = z.input<typeof ZWebhookEndpointUpdate>;

export const ZEndpointTest = z.object({
  id: z.coerce.number().int().positive(),
  command: z.string({ error: 'Command is required' }).trim().min(1, 'Command is required').max(1000),
});

export const ZEndpointTestResultOut = z.object({
  success: z.boolean(),
  message: z.string(),
  durationMs: z.number(),
});

/** A player on the Rust server, as its WebRcon player list names them. */
export const ZRustPlayerOut = z.object({ steamId: z.string(), username: z.string() });

/** TDeliveryPreview as the API reference documents it. */
export const ZDeliveryPreviewOut = z.object({
  targets: z.array(
    z.object({
      id: z.number().int(),
      description: z.string(),
      gameType: z.enum(ENDPOINT_GAME_TYPES),
      label: z.string(),
    }),
  ),
  warning: z.string().nullable(),
  currentGame: z.enum(['minecraft', 'rust']).nullable(),
}) satisfies z.ZodType<TDeliveryPreview>;
