import { z } from 'zod';
import { isoInstant } from './instant-schemas';

export const ZUserOut = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string().nullable(),
  profilePicture: z.string().nullable(),
  coinBalance: z.number().int(),
  isAdmin: z.boolean(),
  twitchUsername: z.string().nullable(),
  twitchVerified: z.boolean().describe('The linked Twitch name was proved with Twitch (OAuth)'),
  createdAt: isoInstant,
});

/** The user as every client sees it (viewer-spec section 3). Secrets never appear here. */
export type TUser = z.infer<typeof ZUserOut>;
