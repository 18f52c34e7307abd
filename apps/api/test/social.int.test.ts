import { testDialects } from '@shop/db/testing';
import type { TSocialContent } from '@shop/domain';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SocialConfig } from '../src/env';
import { SOCIAL_CACHE_MS, SOCIAL_RETRY_MS } from '../src/social/source-cache';
import { createTestApp, loginAs, TEST_ADMIN, type TestApp } from './helpers';
import { startTikTokStandIn, type TikTokStandIn } from './stand-ins/tiktok-server';
import { startYouTubeFeedStandIn, type YouTubeFeedStandIn } from './stand-ins/youtube-feed';

describe.each(testDialects())('GET /api/social-media (%s)', (dialect) => {
  let youtube: YouTubeFeedStandIn;
  let tiktok: TikTokStandIn;
  let t: TestApp | null = null;

  beforeAll(async () => {
    youtube = await startYouTubeFeedStandIn();
    tiktok = await startTikTokStandIn();
  });
  afterAll(async () => {
    await youtube?.close();
    await tiktok?.close();
  });
  beforeEach(() => {
    youtube.setFailing(false);
    tiktok.setFailing(false);
  });
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  function connected(
    overrides: { youtube?: Partial<SocialConfig['youtube']>; tiktok?: Partial<SocialConfig['tiktok']> } = {},
  ): SocialConfig {
    return {
      youtube: { channelId: youtube.channelId, feedBase: youtube.feedBase, ...overrides.youtube },
      tiktok: {
        accessToken: tiktok.accessToken,
        apiBase: tiktok.apiBase,
        ...overrides.tiktok,
        refresh: overrides.tiktok?.refresh ?? null,
      },
    };
  }

  /** The streamer's session: the notes name settings and failures, so only an admin reads them. */
  let adminCookie = '';

  async function start(social?: SocialConfig): Promise<TestApp> {
    t = await createTestApp(dialect, { admin: TEST_ADMIN, ...(social ? { social } : {}) });
    adminCookie = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    return t;
  }

  async function content(app: TestApp, as: 'admin' | 'visitor' = 'admin'): Promise<TSocialContent> {
    const headers = as === 'admin' ? { cookie: adminCookie } : {};
    const res = await app.app.inject({ method: 'GET', url: '/api/social-media', headers });
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  it('without settings answers empty lists with notes naming what is missing, calling nobody', async () => {
    const app = await start();
    const [yt, tt] = [youtube.calls(), tiktok.calls()];
    expect(await content(app)).toEqual({
      tiktok: [],
      youtube: [],
      notes: { tiktok: 'TIKTOK_ACCESS_TOKEN is not set', youtube: 'YOUTUBE_CHANNEL_ID is not set' },
    });
    // Setting names are for the streamer: a visitor reads the same empty lists without them.
    expect(await content(app, 'visitor')).toEqual({ tiktok: [], youtube: [], notes: { tiktok: null, youtube: null } });
    expect([youtube.calls(), tiktok.calls()]).toEqual([yt, tt]);
  });

  it("lists the channel feed's videos and the TikTok account's videos", async () => {
    const app = await start(connected());
    const body = await content(app);
    expect(body.notes).toEqual({ tiktok: null, youtube: null });
    expect(body.youtube).toEqual([
      {
        id: 'vid00000001',
        title: 'Building a castle & a moat',
        thumbnail: 'https://i2.ytimg.com/vi/vid00000001/hqdefault.jpg',
        views: 1234,
        length: null,
        date: '2026-11-20T18:00:00.000Z',
        url: 'https://www.youtube.com/watch?v=vid00000001',
      },
      expect.objectContaining({ id: 'vid00000002', views: 56 }),
      // A Short keeps its /shorts/ link; a numeric title stays text.
      expect.objectContaining({ id: 'vid00000003', title: '2026', url: 'https://www.youtube.com/shorts/vid00000003' }),
    ]);
    expect(body.tiktok).toEqual([
      {
        id: '7300000000000000001',
        title: 'Clutch moment',
        thumbnail: 'https://p16-sign.tiktokcdn-us.com/cover-1.jpeg',
        views: 4321,
        likes: 321,
        date: new Date(1_795_000_000 * 1000).toISOString(),
        url: 'https://www.tiktok.com/@streamer/video/7300000000000000001',
      },
      expect.objectContaining({ id: '7300000000000000002', views: 99, likes: 12 }),
    ]);
    expect(tiktok.lastMaxCount()).toBe(20);
  });

  it('is the same through tRPC social.get', async () => {
    const app = await start(connected());
    const res = await app.app.inject({ method: 'GET', url: '/trpc/social.get' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data.youtube).toHaveLength(3);
  });

  it('YouTube down leaves the TikTok list and says why the YouTube one is empty', async () => {
    youtube.setFailing(true);
    const app = await start(connected());
    const body = await content(app);
    expect(body.youtube).toEqual([]);
    expect(body.notes.youtube).toBe('YouTube could not be reached: the feed answered 503');
    expect(body.tiktok).toHaveLength(2);
    expect(body.notes.tiktok).toBeNull();
  });

  it('TikTok down leaves the YouTube list and says why the TikTok one is empty', async () => {
    tiktok.setFailing(true);
    const app = await start(connected());
    const body = await content(app);
    expect(body.tiktok).toEqual([]);
    expect(body.notes.tiktok).toBe('TikTok could not be reached: the video list answered 500 (internal_error)');
    expect(body.youtube).toHaveLength(3);
    expect(body.notes.youtube).toBeNull();
  });

  it('a refused TikTok token is named without revealing it; an unknown channel is named', async () => {
    const app = await start(
      connected({ tiktok: { accessToken: 'act.wrong-secret-token' }, youtube: { channelId: 'UCnobody' } }),
    );
    const res = await app.app.inject({ method: 'GET', url: '/api/social-media', headers: { cookie: adminCookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('wrong-secret-token');
    expect(res.json().notes).toEqual({
      tiktok: 'TikTok could not be reached: TikTok refused TIKTOK_ACCESS_TOKEN (expired or revoked)',
      youtube: 'YouTube could not be reached: YouTube has no channel UCnobody',
    });
  });

  it('many requests cost one upstream call per source; the lists are refetched after 30 minutes', async () => {
    const app = await start(connected());
    const [yt, tt] = [youtube.calls(), tiktok.calls()];
    const bodies = await Promise.all(Array.from({ length: 25 }, () => content(app)));
    expect(bodies.every((b) => b.youtube.length === 3 && b.tiktok.length === 2)).toBe(true);
    expect([youtube.calls() - yt, tiktok.calls() - tt]).toEqual([1, 1]);

    app.clock.advance(SOCIAL_CACHE_MS - 1);
    youtube.setVideos([{ id: 'vidnew00001', title: 'New upload', published: '2026-11-22T10:00:00Z', views: 1 }]);
    expect((await content(app)).youtube).toHaveLength(3);
    expect([youtube.calls() - yt, tiktok.calls() - tt]).toEqual([1, 1]);

    app.clock.advance(1);
    await Promise.all(Array.from({ length: 5 }, () => content(app)));
    expect([youtube.calls() - yt, tiktok.calls() - tt]).toEqual([2, 2]);
    expect((await content(app)).youtube.map((v) => v.id)).toEqual(['vidnew00001']);
    youtube.setVideos((await import('./stand-ins/youtube-feed')).DEFAULT_FEED_VIDEOS);
  });

  it('a failed refresh keeps the last good list with a note, and retries a minute later', async () => {
    const app = await start(connected());
    const yt = youtube.calls();
    expect((await content(app)).youtube).toHaveLength(3);

    youtube.setFailing(true);
    app.clock.advance(SOCIAL_CACHE_MS);
    const stale = await content(app);
    expect(stale.youtube).toHaveLength(3);
    expect(stale.notes.youtube).toBe('YouTube could not be reached: the feed answered 503');
    expect(youtube.calls() - yt).toBe(2);

    // Within the retry pause the failure is not asked again.
    youtube.setFailing(false);
    app.clock.advance(SOCIAL_RETRY_MS - 1);
    expect((await content(app)).notes.youtube).not.toBeNull();
    expect(youtube.calls() - yt).toBe(2);

    app.clock.advance(1);
    const fresh = await content(app);
    expect(fresh.notes.youtube).toBeNull();
    expect(fresh.youtube).toHaveLength(3);
    expect(youtube.calls() - yt).toBe(3);
  });

  describe('TikTok token renewal (TIKTOK_CLIENT_KEY/SECRET/REFRESH_TOKEN)', () => {
    const refresh = () => ({
      clientKey: tiktok.clientKey,
      clientSecret: tiktok.clientSecret,
      refreshToken: tiktok.refreshToken,
    });

    it('with only the refresh settings gets a token once and lists the videos', async () => {
      const app = await start(connected({ tiktok: { accessToken: null, refresh: refresh() } }));
      const grants = tiktok.tokenGrants();
      const bodies = await Promise.all(Array.from({ length: 10 }, () => content(app)));
      expect(bodies.every((b) => b.tiktok.length === 2 && b.notes.tiktok === null)).toBe(true);
      expect(tiktok.tokenGrants() - grants).toBe(1);

      // A token lives 24 h: the next refresh after that renews it before asking for the list.
      app.clock.advance(24 * 60 * 60_000);
      expect((await content(app)).notes.tiktok).toBeNull();
      expect(tiktok.tokenGrants() - grants).toBe(2);
    });

    it('renews a refused access token and tries the list once more', async () => {
      const app = await start(connected({ tiktok: { refresh: refresh() } }));
      const grants = tiktok.tokenGrants();
      expect((await content(app)).tiktok).toHaveLength(2);
      expect(tiktok.tokenGrants() - grants).toBe(0);

      tiktok.revokeAccessTokens();
      app.clock.advance(SOCIAL_CACHE_MS);
      const body = await content(app);
      expect(body.notes.tiktok).toBeNull();
      expect(body.tiktok).toHaveLength(2);
      expect(tiktok.tokenGrants() - grants).toBe(1);
    });

    it('a refused refresh token is named without revealing the secret', async () => {
      const app = await start(
        connected({ tiktok: { accessToken: null, refresh: { ...refresh(), clientSecret: 'wrong-client-secret' } } }),
      );
      const res = await app.app.inject({ method: 'GET', url: '/api/social-media', headers: { cookie: adminCookie } });
      expect(res.body).not.toContain('wrong-client-secret');
      expect(res.json().notes.tiktok).toBe(
        'TikTok could not be reached: TikTok refused TIKTOK_CLIENT_KEY/TIKTOK_CLIENT_SECRET/TIKTOK_REFRESH_TOKEN',
      );
    });
  });
});
