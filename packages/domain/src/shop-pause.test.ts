import { describe, expect, it } from 'vitest';
import { shopPause } from './shop-pause';
import { ZShopStatusUpdate } from './shop-pause-schemas';

describe('the pause switch', () => {
  it('pauses by hand, or when auto-pause is on and the stream is known to be offline', () => {
    expect(shopPause({ paused: true, autoPauseWhenOffline: false }, true)).toBe('manual');
    expect(shopPause({ paused: false, autoPauseWhenOffline: true }, false)).toBe('offline');
    expect(shopPause({ paused: false, autoPauseWhenOffline: true }, true)).toBeNull();
    // Unknown (no Twitch settings): never paused by itself.
    expect(shopPause({ paused: false, autoPauseWhenOffline: true }, null)).toBeNull();
  });

  it('refuses fields it does not know', () => {
    expect(ZShopStatusUpdate.safeParse({ paused: true, extra: 1 }).success).toBe(false);
  });
});
