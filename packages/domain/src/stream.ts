// The stream as the shop shows it; the shapes of its replies are in stream-schemas.ts.

/** Which game tab / routing a stream's game maps to: Minecraft, Rust, or anything else. */
export type TStreamGameType = 'minecraft' | 'rust' | 'any';

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

/** The game tab a stream's game selects: 'Minecraft' -> minecraft, 'Rust' -> rust, anything else -> any. */
export function streamGameType(gameName: string | null | undefined): TStreamGameType {
  const name = (gameName ?? '').trim().toLowerCase();
  if (name === 'minecraft') return 'minecraft';
  if (name === 'rust') return 'rust';
  return 'any';
}

/**
 * The notes on the stream and social replies name settings (TWITCH_CHANNEL is not set) and upstream
 * failures: they are for the streamer, who can act on them. Everyone else reads the same reply
 * without them, and the pages show the spec's offline or empty state.
 */
export function withoutSetupNotes<T extends { note: string | null }>(reply: T, isAdmin: boolean): T {
  return isAdmin ? reply : { ...reply, note: null };
}

export function socialWithoutSetupNotes<T extends { notes: { tiktok: string | null; youtube: string | null } }>(
  content: T,
  isAdmin: boolean,
): T {
  return isAdmin ? content : { ...content, notes: { tiktok: null, youtube: null } };
}
