import { z } from 'zod';
import { isoInstant } from './instant-schemas';

// What viewers see of each other: the leaderboard and public profiles.

export const ZLeaderboardEntryOut = z.object({
  userId: z.number().int(),
  username: z.string().describe('the login name'),
  displayName: z.string().nullable(),
  profilePicture: z.string().nullable(),
  actionCount: z.number().int(),
  totalCost: z.number().int(),
});

export type TLeaderboardEntry = z.infer<typeof ZLeaderboardEntryOut>;

export const ZPublicProfileOut = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string().nullable(),
  profilePicture: z.string().nullable(),
  createdAt: isoInstant,
  actionCount: z.number().int(),
  actionHistory: z.array(
    z.object({
      id: z.number().int(),
      actionName: z.string(),
      timestamp: isoInstant,
      cost: z.number().int(),
      success: z.boolean().nullable(),
      refunded: z.boolean(),
    }),
  ),
});

export type TPublicProfile = z.infer<typeof ZPublicProfileOut>;

export const ZLeaderboardQuery = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(100, 'limit must be at most 100').default(10),
});

export const ZUserIdParam = z.object({ id: z.coerce.number().int('id must be a number').min(0) });
