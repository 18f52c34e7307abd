import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/env';

describe('social settings (env)', () => {
  it('default to nothing connected, with the real bases', () => {
    expect(loadConfig({}).social).toEqual({
      youtube: { channelId: null, feedBase: 'https://www.youtube.com/feeds/videos.xml' },
      tiktok: { accessToken: null, apiBase: 'https://open.tiktokapis.com/v2', refresh: null },
    });
  });

  it('read the channel, the token, the renewal settings and overridden bases', () => {
    const config = loadConfig({
      YOUTUBE_CHANNEL_ID: 'UCabc',
      YOUTUBE_FEED_BASE: 'http://127.0.0.1:4000/feeds/videos.xml',
      TIKTOK_ACCESS_TOKEN: 'act.1',
      TIKTOK_API_BASE: 'http://127.0.0.1:4001/v2/',
      TIKTOK_CLIENT_KEY: 'key',
      TIKTOK_CLIENT_SECRET: 'secret',
      TIKTOK_REFRESH_TOKEN: 'rft.1',
    });
    expect(config.social).toEqual({
      youtube: { channelId: 'UCabc', feedBase: 'http://127.0.0.1:4000/feeds/videos.xml' },
      tiktok: {
        accessToken: 'act.1',
        apiBase: 'http://127.0.0.1:4001/v2',
        refresh: { clientKey: 'key', clientSecret: 'secret', refreshToken: 'rft.1' },
      },
    });
  });

  it('refuse part of the TikTok renewal settings', () => {
    expect(() => loadConfig({ TIKTOK_CLIENT_KEY: 'key', TIKTOK_CLIENT_SECRET: 'secret' })).toThrow(
      new ConfigError(
        'Invalid setting TIKTOK_REFRESH_TOKEN: TIKTOK_CLIENT_KEY, TIKTOK_CLIENT_SECRET and TIKTOK_REFRESH_TOKEN must be set together',
      ),
    );
    expect(() => loadConfig({ YOUTUBE_FEED_BASE: 'not a url' })).toThrow(/YOUTUBE_FEED_BASE/);
  });
});
