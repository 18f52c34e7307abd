import { testDialects } from '@shop/db/testing';
import type { TStreamInfo, TStreamStatus } from '@shop/domain';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TwitchConfig } from '../src/env';
import { createTestApp, loginAs, registerUser, TEST_ADMIN, type TestApp, testConfig } from './helpers';
import { startTwitchStandIn, type TwitchStandIn } from './stand-ins/twitch-server';

const twitchConfig = (stand: TwitchStandIn, change: Partial<TwitchConfig> = {}): TwitchConfig => ({
  ...stand.config,
  ...change,
});

describe.each(testDialects())('twitch stream status and info on %s', (dialect) => {
  let stand: TwitchStandIn;
  let t: TestApp;
  let viewerCookie: string;
  /** The notes name settings and upstream failures, so they are read as the streamer. */
  let adminCookie: string;

  const get = async <T>(url: string, cookie: string | null = adminCookie): Promise<T> => {
    const res = await t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(stand.clientSecret);
    return res.json() as T;
  };
  const status = (cookie?: string | null) => get<TStreamStatus>('/api/twitch/status', cookie);
  const info = (cookie?: string | null) => get<TStreamInfo>('/api/twitch/stream', cookie);
  /** null: anonymous. */
  const refresh = (cookie: string | null = viewerCookie) =>
    t.app.inject({ method: 'POST', url: '/api/twitch/refresh', headers: cookie ? { cookie } : {} });
  /** Past the 30 s window, so the next read goes upstream. */
  const expireCache = () => t.clock.advance(30_001);

  beforeAll(async () => {
    stand = await startTwitchStandIn();
    t = await createTestApp(dialect, { admin: TEST_ADMIN, twitch: twitchConfig(stand) });
    viewerCookie = (await registerUser(t.app, 'stream-viewer')).cookie;
    adminCookie = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  beforeEach(() => {
    stand.set({ live: false, game: 'Minecraft', title: 'Building a castle', viewers: 42, failing: false });
    expireCache();
    stand.resetCalls();
  });
  afterAll(async () => {
    await t?.close();
    await stand?.close();
  });

  it('reads a live Minecraft stream: status, thumbnail with its size, profile image and last broadcast', async () => {
    stand.set({ live: true, game: 'Minecraft', title: 'Castle day', viewers: 1234 });
    expect(await status()).toEqual({
      isLive: true,
      currentGame: 'Minecraft',
      gameType: 'minecraft',
      username: stand.channel,
      stale: false,
      note: null,
    });
    expect(await info()).toEqual({
      thumbnailUrl: `https://static-cdn.jtvnw.net/previews-ttv/live_user_${stand.channel}-640x360.jpg`,
      title: 'Castle day',
      viewerCount: 1234,
      profileImage: stand.profileImage,
      isLive: true,
      lastBroadcast: { title: stand.lastVideo.title, game: 'Minecraft', date: '2026-01-01T18:00:00.000Z' },
      stale: false,
      note: null,
    });
  });

  it('maps Rust to rust and any other game to any', async () => {
    stand.set({ live: true, game: 'Rust' });
    expect((await status()).gameType).toBe('rust');
    expireCache();
    stand.set({ game: 'Just Chatting' });
    expect(await status()).toMatchObject({ isLive: true, currentGame: 'Just Chatting', gameType: 'any' });
  });

  it('reads an offline channel: no game, no thumbnail, the channel title and the last broadcast', async () => {
    stand.set({ live: false, game: 'Rust', title: 'Back tomorrow' });
    expect(await status()).toEqual({
      isLive: false,
      currentGame: null,
      gameType: 'any',
      username: stand.channel,
      stale: false,
      note: null,
    });
    expect(await info()).toEqual({
      thumbnailUrl: null,
      title: 'Back tomorrow',
      viewerCount: 0,
      profileImage: stand.profileImage,
      isLive: false,
      lastBroadcast: { title: stand.lastVideo.title, game: 'Rust', date: '2026-01-01T18:00:00.000Z' },
      stale: false,
      note: null,
    });
  });

  it('makes one upstream round for 100 concurrent status requests within the cache window', async () => {
    stand.set({ live: true });
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        t.app.inject({ method: 'GET', url: i % 2 ? '/api/twitch/status' : '/api/twitch/stream' }),
      ),
    );
    expect(replies.every((r) => r.statusCode === 200 && r.json().isLive === true)).toBe(true);
    t.clock.advance(29_000);
    stand.set({ live: false });
    expect((await status()).isLive).toBe(true);
    for (const path of ['users', 'streams', 'videos', 'channels']) expect(stand.calls(`/helix/${path}`)).toBe(1);
    t.clock.advance(1_001);
    expect((await status()).isLive).toBe(false);
    expect(stand.calls('/helix/streams')).toBe(2);
  });

  it('renews the token after a 401 and keeps a token until it expires', async () => {
    stand.set({ live: true });
    await status();
    const tokensBefore = stand.calls('/oauth2/token');
    expireCache();
    await status();
    expect(stand.calls('/oauth2/token')).toBe(tokensBefore);
    stand.revokeTokens();
    expireCache();
    stand.set({ game: 'Rust' });
    expect(await status()).toMatchObject({ isLive: true, gameType: 'rust', stale: false, note: null });
    expect(stand.calls('/oauth2/token')).toBe(tokensBefore + 1);
    // The first users read got the 401 and was retried once with the new token.
    expect(stand.calls('/helix/users')).toBe(4);
  });

  it('serves the last known state marked stale when Twitch fails, never a 500', async () => {
    stand.set({ live: true, game: 'Rust' });
    await status();
    await info();
    expireCache();
    stand.set({ failing: true });
    const stale = await status();
    expect(stale).toMatchObject({ isLive: true, currentGame: 'Rust', gameType: 'rust', stale: true });
    expect(stale.note).toMatch(/^Twitch could not be reached: /);
    expect(await info()).toMatchObject({ isLive: true, stale: true, title: 'Building a castle' });
    // Viewers and visitors read the same stale state; why Twitch failed is the streamer's to know.
    expect(await status(viewerCookie)).toEqual({ ...stale, note: null });
    expect(await info(null)).toMatchObject({ isLive: true, stale: true, note: null });
    // Still at most one attempt per window while failing.
    const attempts = stand.calls('/helix/users') + stand.calls('/oauth2/token');
    await status();
    expect(stand.calls('/helix/users') + stand.calls('/oauth2/token')).toBe(attempts);
    stand.set({ failing: false });
    expireCache();
    expect(await status()).toMatchObject({ isLive: true, stale: false, note: null });
  });

  it('forces a refetch for a signed-in viewer at most once per 5 s, with a 429 and Retry-After', async () => {
    expect((await status()).isLive).toBe(false);
    expect((await refresh(null)).statusCode).toBe(401);
    stand.set({ live: true, game: 'Rust' });
    t.clock.advance(5_000);
    const fresh = await refresh();
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json()).toMatchObject({ isLive: true, currentGame: 'Rust', gameType: 'rust' });
    // The cache now holds the fresh state for everyone.
    expect((await status()).gameType).toBe('rust');
    t.clock.advance(2_000);
    const refused = await refresh();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe('3');
    expect(refused.json()).toEqual({ status: 'error', message: 'Please wait 3 seconds before refreshing again' });
    t.clock.advance(3_000);
    expect((await refresh()).statusCode).toBe(200);
    const trpc = await t.app.inject({
      method: 'POST',
      url: '/trpc/twitch.refresh',
      headers: { cookie: viewerCookie, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(trpc.statusCode).toBe(429);
    expect(trpc.headers['retry-after']).toBe('5');
  });
});

describe('the Twitch stand-in control endpoint (for browser tests in another process)', () => {
  it('switches live, game and failing over HTTP and reports the counters', async () => {
    const stand = await startTwitchStandIn({ channel: 'e2e-streamer' });
    try {
      const control = await fetch(`${stand.baseUrl}/__control`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ live: true, game: 'Rust', failing: false }),
      });
      expect(await control.json()).toMatchObject({ live: true, game: 'Rust', failing: false, calls: {} });
      expect(stand.state()).toMatchObject({ live: true, game: 'Rust' });
      await fetch(`${stand.baseUrl}/__control`, { method: 'POST', body: JSON.stringify({ failing: true }) });
      expect((await fetch(`${stand.authBase}/token`, { method: 'POST' })).status).toBe(500);
      const read = await fetch(`${stand.baseUrl}/__control`);
      expect(await read.json()).toMatchObject({ failing: true, calls: { '/oauth2/token': 1 } });
    } finally {
      await stand.close();
    }
  });
});

describe.each(testDialects())('twitch without credentials or reachable Twitch on %s', (dialect) => {
  let stand: TwitchStandIn;
  const apps: TestApp[] = [];
  const appWith = async (twitch: TwitchConfig) => {
    const t = await createTestApp(dialect, { admin: TEST_ADMIN, twitch });
    apps.push(t);
    return t;
  };
  const asAdmin = async (t: TestApp) => ({ cookie: await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password) });
  const statusOf = async (t: TestApp) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/twitch/status', headers: await asAdmin(t) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TStreamStatus;
  };

  beforeAll(async () => {
    stand = await startTwitchStandIn();
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((t) => t.close()));
    stand.set({ failing: false });
  });
  afterAll(async () => stand?.close());

  it('reads offline with a note naming the missing setting, and calls nobody', async () => {
    const base = testConfig().twitch;
    const cases: [Partial<TwitchConfig>, string][] = [
      [{}, 'TWITCH_CHANNEL is not set'],
      [{ channel: 'someone' }, 'TWITCH_CLIENT_ID and TWITCH_CLIENT_SECRET are not set'],
      [{ channel: 'someone', clientId: 'id' }, 'TWITCH_CLIENT_SECRET is not set'],
    ];
    for (const [change, note] of cases) {
      const t = await appWith({ ...base, apiBase: stand.apiBase, authBase: stand.authBase, ...change });
      expect(await statusOf(t)).toEqual({
        isLive: false,
        currentGame: null,
        gameType: 'any',
        username: change.channel ?? null,
        stale: false,
        note,
      });
      const headers = await asAdmin(t);
      const info = await t.app.inject({ method: 'GET', url: '/api/twitch/stream', headers });
      expect(info.json()).toMatchObject({ isLive: false, thumbnailUrl: null, lastBroadcast: null, note });
      // A visitor reads the spec's offline state, without the setting's name.
      const visitor = await t.app.inject({ method: 'GET', url: '/api/twitch/status' });
      expect(visitor.json()).toMatchObject({ isLive: false, note: null });
      expect(visitor.body).not.toContain('TWITCH_');
    }
    expect(stand.calls('/oauth2/token') + stand.calls('/helix/users')).toBe(0);
  });

  it('reads offline with a note when Twitch was never reached, without leaking the secret', async () => {
    stand.set({ failing: true });
    const t = await appWith(stand.config);
    const res = await t.app.inject({ method: 'GET', url: '/api/twitch/status', headers: await asAdmin(t) });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(stand.clientSecret);
    expect(res.json()).toMatchObject({ isLive: false, stale: false, username: stand.channel });
    expect(res.json().note).toMatch(/^Twitch could not be reached: /);
  });

  it('reads offline with a note when the configured channel does not exist', async () => {
    const t = await appWith({ ...stand.config, channel: 'nobody-here' });
    expect(await statusOf(t)).toMatchObject({ isLive: false, note: 'Twitch has no channel named nobody-here' });
  });

  it('reads offline with a note when Twitch refuses the credentials', async () => {
    const t = await appWith({
      channel: stand.channel,
      clientId: stand.clientId,
      clientSecret: 'wrong-secret',
      apiBase: stand.apiBase,
      authBase: stand.authBase,
    });
    const status = await statusOf(t);
    expect(status).toMatchObject({
      isLive: false,
      note: 'Twitch could not be reached: Twitch refused the client id/secret',
    });
  });
});
