/** The user as every client sees it (viewer-spec section 3). Secrets never appear here. */
export interface TUser {
  id: number;
  username: string;
  displayName: string | null;
  profilePicture: string | null;
  coinBalance: number;
  isAdmin: boolean;
  twitchUsername: string | null;
  /** True once 'Verify with Twitch' proved the linked name belongs to this viewer. */
  twitchVerified: boolean;
  createdAt: string;
}
