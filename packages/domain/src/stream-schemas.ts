import { z } from 'zod';
import { isoInstant } from './instant-schemas';

/**
 * The stream as the shop shows it (viewer-spec section 3: StreamStatus, StreamInfo, SocialContent).
 * These are the shapes of GET /api/twitch/status, GET /api/twitch/stream and GET /api/social-media.
 */

const ZStreamNotes = {
  stale: z.boolean().describe('True when Twitch could not be reached and this is the last known state'),
  note: z
    .string()
    .nullable()
    .describe(
      'Why this is not live data (a missing setting, Twitch unreachable); sent to admins only, null for others',
    ),
};

export const ZStreamStatusOut = z.object({
  isLive: z.boolean(),
  currentGame: z.string().nullable(),
  gameType: z.enum(['minecraft', 'rust', 'any']),
  username: z.string().nullable(),
  ...ZStreamNotes,
});

export type TStreamStatus = z.infer<typeof ZStreamStatusOut>;

export const ZStreamInfoOut = z.object({
  thumbnailUrl: z.string().nullable(),
  title: z.string().nullable(),
  viewerCount: z.number().int(),
  profileImage: z.string().nullable(),
  isLive: z.boolean(),
  lastBroadcast: z.object({ title: z.string(), game: z.string().nullable(), date: isoInstant }).nullable(),
  ...ZStreamNotes,
});

export type TStreamInfo = z.infer<typeof ZStreamInfoOut>;

export const ZSocialContentOut = z.object({
  tiktok: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      thumbnail: z.string().nullable(),
      views: z.number().int().nullable(),
      likes: z.number().int().nullable(),
      date: isoInstant,
      url: z.string(),
    }),
  ),
  youtube: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      thumbnail: z.string().nullable(),
      views: z.number().int().nullable(),
      length: z.number().int().nullable().describe('Seconds, when the source says; the public feed does not'),
      date: isoInstant,
      url: z.string(),
    }),
  ),
  notes: z
    .object({ tiktok: z.string().nullable(), youtube: z.string().nullable() })
    .describe(
      'Per source, why its list is empty or old (a missing setting, an upstream failure); sent to admins only, null when fine and for others',
    ),
});

export type TSocialContent = z.infer<typeof ZSocialContentOut>;
