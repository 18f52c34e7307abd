import { testDialects } from '@shop/db/testing';
import type { TWatchTimeStatus } from '@shop/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, loginAs, registerUser, TEST_ADMIN, type TestApp } from './helpers';
import { startTwitchStandIn, type TwitchStandIn } from './stand-ins/twitch-server';
import { authorizeTwitch } from './twitch-oauth-flow';

describe.each(testDialects())('Twitch broadcaster authorization (OAuth code flow) on %s', (dialect) => {
  let stand: TwitchStandIn;
  let t: TestApp;
  let admin: string;

  const status = async (): Promise<TWatchTimeStatus> =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/watch-time/status', headers: { cookie: admin } })).json();
  const startFlow = async (cookie = admin): Promise<URL> => {
    const res = await t.app.inject({ method: 'GET', url: '/api/twitch/auth', headers: { cookie } });
    expect(res.statusCode, res.body).toBe(302);
    return new URL(String(res.headers.location));
  };
  const callback = (query: Record<string, string>, cookie = admin) =>
    t.app.inject({
      method: 'GET',
      url: `/api/twitch/callback?${new URLSearchParams(query).toString()}`,
      headers: { cookie },
    });
  const stored = () => t.db.kysely.selectFrom('twitch_authorization').selectAll().execute();

  beforeAll(async () => {
    stand = await startTwitchStandIn();
    t = await createTestApp(dialect, {
      admin: TEST_ADMIN,
      twitch: stand.config,
    });
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
  });
  beforeEach(() => stand.set({ failing: false, signedInAs: stand.channel }));
  afterAll(async () => {
    await t?.close();
    await stand?.close();
  });

  it('redirects the admin to Twitch with the chatters scope, client id, callback and a state', async () => {
    const url = await startFlow();
    expect(`${url.origin}${url.pathname}`).toBe(`${stand.authBase}/authorize`);
    expect(url.searchParams.get('client_id')).toBe(stand.clientId);
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('scope')).toBe('moderator:read:chatters');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost/api/twitch/callback');
    expect(url.searchParams.get('state')).toMatch(/^[0-9a-f]{48}$/);
  });

  it('refuses a callback with an unknown, foreign-session, expired or reused state, storing nothing', async () => {
    expect((await callback({ code: stand.issueCode(), state: 'made-up' })).statusCode).toBe(400);
    expect((await callback({ code: stand.issueCode() })).statusCode).toBe(400);

    // A state issued to this admin's session is useless from another session, even another admin's.
    const state = (await startFlow()).searchParams.get('state') ?? '';
    const otherAdminSession = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    expect((await callback({ code: stand.issueCode(), state }, otherAdminSession)).statusCode).toBe(400);

    const late = (await startFlow()).searchParams.get('state') ?? '';
    t.clock.advance(10 * 60_000 + 1);
    const expired = await callback({ code: stand.issueCode(), state: late });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toContain('Start again');
    expect(await stored()).toEqual([]);
    expect((await status()).authorized).toBeNull();
  });

  it('refuses visitors and viewers at the start', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/twitch/auth' })).statusCode).toBe(401);
    const viewer = await registerUser(t.app, 'oauth-viewer');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/twitch/auth', headers: { cookie: viewer.cookie } })).statusCode,
    ).toBe(403);
  });

  it('a denied authorization returns to the page with the reason', async () => {
    const state = (await startFlow()).searchParams.get('state') ?? '';
    const res = await callback({ error: 'access_denied', error_description: 'The user denied you access', state });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/admin/watch-time?twitch=error&reason=The+user+denied+you+access');
    expect(await stored()).toEqual([]);
  });

  it('stores the tokens encrypted and the status turns real; the state works only once', async () => {
    const { location, statusCode } = await authorizeTwitch(t, admin);
    expect(statusCode).toBe(302);
    expect(location).toBe('/admin/watch-time?twitch=connected');
    const rows = await stored();
    expect(rows).toHaveLength(1);
    const token = stand.userTokens().at(-1) ?? '';
    expect(rows[0]?.broadcaster_login).toBe(stand.channel);
    expect(rows[0]?.broadcaster_id).toBe(stand.userId);
    expect(rows[0]?.access_token).not.toContain(token);
    expect(rows[0]?.access_token.startsWith('v1:')).toBe(true);
    const s = await status();
    expect(s.mode).toBe('real');
    expect(s.authorized).toEqual({ login: stand.channel });
    expect(JSON.stringify(s)).not.toContain(token);

    // Replaying the callback (same state, fresh code) is refused.
    const url = await startFlow();
    const state = url.searchParams.get('state') ?? '';
    expect((await callback({ code: stand.issueCode(), state })).statusCode).toBe(302);
    expect((await callback({ code: stand.issueCode(), state })).statusCode).toBe(400);
  });

  it('refuses an authorization by another Twitch account than TWITCH_CHANNEL, keeping the earlier one', async () => {
    const before = await stored();
    // The admin approved on Twitch while signed in there as someone else: their token would read
    // another channel's chat, or none.
    stand.set({ signedInAs: 'someoneelse' });
    const { location, statusCode } = await authorizeTwitch(t, admin);
    expect(statusCode).toBe(302);
    const back = new URL(location, 'http://localhost');
    expect(back.pathname).toBe('/admin/watch-time');
    expect(back.searchParams.get('twitch')).toBe('error');
    expect(back.searchParams.get('reason')).toBe(
      `Authorize as the channel's own account (${stand.channel}), not someoneelse`,
    );
    expect(await stored()).toEqual(before);
    expect((await status()).authorized).toEqual(before.length > 0 ? { login: stand.channel } : null);
  });

  it('a code Twitch refuses returns to the page with an error and keeps the earlier authorization', async () => {
    const before = await stored();
    const state = (await startFlow()).searchParams.get('state') ?? '';
    const res = await callback({ code: 'not-a-code', state });
    expect(res.statusCode).toBe(302);
    expect(String(res.headers.location)).toContain('twitch=error');
    expect(await stored()).toEqual(before);
  });
});

describe.each(testDialects())('Twitch authorization and the configured channel on %s', (dialect) => {
  let stand: TwitchStandIn;
  const apps: TestApp[] = [];
  const appFor = async (channel: string | null) => {
    const t = await createTestApp(dialect, {
      admin: TEST_ADMIN,
      twitch: { ...stand.config, channel },
    });
    apps.push(t);
    return { t, admin: await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password) };
  };
  beforeAll(async () => {
    stand = await startTwitchStandIn();
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    await stand?.close();
  });

  it('compares logins without regard to letter case', async () => {
    const { t, admin } = await appFor(stand.channel.toUpperCase());
    expect((await authorizeTwitch(t, admin)).location).toBe('/admin/watch-time?twitch=connected');
  });

  it('with TWITCH_CHANNEL unset, sends the admin back saying so instead of to Twitch', async () => {
    const { t, admin } = await appFor(null);
    const res = await t.app.inject({ method: 'GET', url: '/api/twitch/auth', headers: { cookie: admin } });
    expect(res.statusCode).toBe(302);
    const back = new URL(String(res.headers.location), 'http://localhost');
    expect(back.pathname).toBe('/admin/watch-time');
    expect(back.searchParams.get('twitch')).toBe('error');
    expect(back.searchParams.get('reason')).toContain('TWITCH_CHANNEL');
  });
});

describe.each(testDialects())('Twitch authorization without credentials on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, { admin: TEST_ADMIN });
  });
  afterAll(async () => t?.close());

  it('sends the admin back to the page saying Twitch is not configured', async () => {
    const admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    const res = await t.app.inject({ method: 'GET', url: '/api/twitch/auth', headers: { cookie: admin } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/admin/watch-time?twitch=not-configured');
  });
});
