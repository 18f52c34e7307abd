import type { TUser } from '../user-schemas';
import { isoOf, isSet, type StoredFlag } from './stored';

/** A user as stored: the columns their API view is made of (never the password hash). */
export interface StoredUser {
  id: number;
  username: string;
  display_name: string | null;
  profile_picture: string | null;
  coin_balance: number | string;
  is_admin: StoredFlag;
  twitch_username: string | null;
  twitch_user_id: string | null;
  created_at: number;
}

/** A user as the API answers them: a Twitch account counts as verified once its id was proved. */
export function toUser(row: StoredUser): TUser {
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    profilePicture: row.profile_picture,
    coinBalance: Number(row.coin_balance),
    isAdmin: isSet(row.is_admin),
    twitchUsername: row.twitch_username,
    twitchVerified: row.twitch_user_id !== null,
    createdAt: isoOf(row.created_at),
  };
}
