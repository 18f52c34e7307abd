import { z } from 'zod';
import type { ZLeaderboardEntryOut, ZPublicProfileOut } from './api-schemas';

// What viewers see of each other: the leaderboard and public profiles.

export type TLeaderboardEntry = z.infer<typeof ZLeaderboardEntryOut>;

export type TPublicProfile = z.infer<typeof ZPublicProfileOut>;

export const ZLeaderboardQuery = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be at least 1').max(100, 'limit must be at most 100').default(10),
});

export const ZUserIdParam = z.object({ id: z.coerce.number().int('id must be a number').min(0) });
