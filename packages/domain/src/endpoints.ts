import { z } from 'zod';
import type { TGameType } from './actions';

export const ENDPOINT_GAME_TYPES = ['other', 'minecraft', 'rust'] as const;
export type TEndpointGameType = (typeof ENDPOINT_GAME_TYPES)[number];

/** Shown in place of a stored secret: secrets are write-only once saved. */
export const MASKED_SECRET = '••••••••';

export interface TWebhookEndpoint {
  id: number;
  url: string;
  secretKey: string;
  hasSecret: boolean;
  description: string;
  gameType: TEndpointGameType;
  active: boolean;
}

const SCHEMES = ['http:', 'https:', 'rcon:', 'webrcon:'];
const URL_MESSAGE = 'URL must start with http://, https://, rcon:// or webrcon://';

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
});

export const ZWebhookEndpointInput = ZEndpointFields.extend({
  gameType: ZEndpointFields.shape.gameType.default('other'),
  active: z.boolean().default(true),
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

/** An endpoint takes an action when their game types are equal, and 'other' takes every game. */
export function endpointTakesAction(endpointGameType: TEndpointGameType, actionGameType: TGameType): boolean {
  return endpointGameType === 'other' || endpointGameType === actionGameType;
}
