/**
 * The stream as the shop shows it (viewer-spec section 3: StreamStatus, StreamInfo, SocialContent).
 * These are the shapes of GET /api/twitch/status, GET /api/twitch/stream and GET /api/social-media.
 */

/** Which game tab / routing a stream's game maps to: Minecraft, Rust, or anything else. */
export type TStreamGameType = 'minecraft' | 'rust' | 'any';

export interface TStreamStatus {
  isLive: boolean;
  /** Twitch's game name while live, else null. */
  currentGame: string | null;
  gameType: TStreamGameType;
  /** The channel's login (TWITCH_CHANNEL), null when none is configured. */
  username: string | null;
  /** True when Twitch could not be reached and this is the last known state. */
  stale: boolean;
  /** Why the status is not live data, e.g. 'TWITCH_CLIENT_ID is not set'; null when it is. */
  note: string | null;
}

export interface TStreamInfo {
  /** The live thumbnail with its {width}x{height} filled in; null when offline. */
  thumbnailUrl: string | null;
  title: string | null;
  viewerCount: number;
  profileImage: string | null;
  isLive: boolean;
  lastBroadcast: { title: string; game: string | null; date: string } | null;
  stale: boolean;
  note: string | null;
}

export interface TTikTokVideo {
  id: string;
  title: string;
  thumbnail: string | null;
  views: number | null;
  likes: number | null;
  date: string;
  url: string;
}

export interface TYouTubeVideo {
  id: string;
  title: string;
  thumbnail: string | null;
  views: number | null;
  /** Seconds, when the feed says. */
  length: number | null;
  date: string;
  url: string;
}

export interface TSocialContent {
  tiktok: TTikTokVideo[];
  youtube: TYouTubeVideo[];
  /** Per source, why its list is empty (a missing setting, an upstream failure); null when fine. */
  notes: { tiktok: string | null; youtube: string | null };
}

/** The game tab a stream's game selects: 'Minecraft' -> minecraft, 'Rust' -> rust, anything else -> any. */
export function streamGameType(gameName: string | null | undefined): TStreamGameType {
  const name = (gameName ?? '').trim().toLowerCase();
  if (name === 'minecraft') return 'minecraft';
  if (name === 'rust') return 'rust';
  return 'any';
}
