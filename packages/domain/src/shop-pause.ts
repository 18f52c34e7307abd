// The streamer's pause switch. No zod here: its schemas are in shop-pause-schemas.ts.

export const SHOP_PAUSED_MESSAGE = 'Actions are paused by the streamer right now.';

export type TShopPauseReason = 'manual' | 'offline';

/**
 * The shop is paused by hand, or automatically while auto-pause is on and the stream is known to be
 * offline. Unknown (no Twitch settings, or no status yet) never pauses: a shop must not stop
 * because of a setting nobody can see working.
 */
export function shopPause(settings: { paused: boolean; autoPauseWhenOffline: boolean }, streamLive: boolean | null) {
  if (settings.paused) return 'manual' as const;
  if (settings.autoPauseWhenOffline && streamLive === false) return 'offline' as const;
  return null;
}
