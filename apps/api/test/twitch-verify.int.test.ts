import { testDialects } from '@shop/db/testing';
import type { TUser } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from './helpers';
import { startTwitchStandIn, type TwitchStandIn } from './stand-ins/twitch-server';
import { verifyTwitch } from './twitch-oauth-flow';

describe.each(testDialects())('Verify with Twitch on %s', (dialect) => {
  let stand: TwitchStandIn;
  let t: TestApp;

  beforeAll(async () => {
    stand = await startTwitchStandIn();
    t = await createTestApp(dialect, {
      twitch: stand.config,
    });
  });
  afterAll(async () => {
    await t?.close();
    await stand?.close();
  });

  const me = async (cookie: string): Promise<TUser> =>
    (await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).json();
  const link = (cookie: string, twitchUsername: string) =>
    t.app.inject({ method: 'POST', url: '/api/user/link-twitch', headers: { cookie }, payload: { twitchUsername } });

  it('asks who is calling before anything else', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/twitch/verify' })).statusCode).toBe(401);
    const callback = await t.app.inject({ method: 'GET', url: '/api/twitch/callback?state=abc&code=def' });
    expect(callback.statusCode).toBe(401);
    expect(callback.json()).toEqual({ status: 'error', message: 'You must be logged in' });
  });

  it('proves the signed-in Twitch account and stores its login; a typed claim is not a proof', async () => {
    const fan = await registerUser(t.app, 'verify-fan');
    expect((await link(fan.cookie, 'truefan')).json()).toMatchObject({
      twitchUsername: 'truefan',
      twitchVerified: false,
    });
    const back = await verifyTwitch(t, stand, fan.cookie, 'TrueFan');
    expect(back).toEqual({ statusCode: 302, location: '/dashboard?twitch=verified&login=truefan' });
    expect(await me(fan.cookie)).toMatchObject({ twitchUsername: 'truefan', twitchVerified: true });
    const [row] = await t.db.kysely.selectFrom('users').select('twitch_user_id').where('id', '=', fan.id).execute();
    expect(row?.twitch_user_id).toBe(stand.userIdOf('truefan'));
  });

  it('one Twitch account proves one shop account: a second is refused, by OAuth and by name', async () => {
    const owner = await registerUser(t.app, 'verify-owner');
    expect((await verifyTwitch(t, stand, owner.cookie, 'ownedname')).location).toContain('twitch=verified');

    const impostor = await registerUser(t.app, 'verify-impostor');
    const back = await verifyTwitch(t, stand, impostor.cookie, 'ownedname');
    expect(back.statusCode).toBe(302);
    const query = new URL(back.location, 'http://shop').searchParams;
    expect(query.get('twitch')).toBe('error');
    expect(query.get('reason')).toBe('This Twitch account is linked to another user');
    expect(await me(impostor.cookie)).toMatchObject({ twitchUsername: null, twitchVerified: false });

    const typed = await link(impostor.cookie, 'OwnedName');
    expect(typed.statusCode).toBe(409);
    expect(typed.json()).toEqual({ status: 'error', message: 'This Twitch account is linked to another user' });
    expect(await me(owner.cookie)).toMatchObject({ twitchUsername: 'ownedname', twitchVerified: true });
  });

  it('typing another name drops the proof; the same name keeps it; unlinking clears both', async () => {
    const fan = await registerUser(t.app, 'verify-changer');
    await verifyTwitch(t, stand, fan.cookie, 'firstname');
    expect((await link(fan.cookie, 'firstname')).json()).toMatchObject({ twitchVerified: true });
    expect((await link(fan.cookie, 'secondname')).json()).toMatchObject({
      twitchUsername: 'secondname',
      twitchVerified: false,
    });
    // The first account is free again for whoever proves it.
    const next = await registerUser(t.app, 'verify-next');
    expect((await verifyTwitch(t, stand, next.cookie, 'firstname')).location).toContain('twitch=verified');
    expect((await link(next.cookie, '')).json()).toMatchObject({ twitchUsername: null, twitchVerified: false });
  });

  it('a state works once, for the session that started it', async () => {
    const fan = await registerUser(t.app, 'verify-replay');
    const other = await registerUser(t.app, 'verify-thief');
    stand.set({ signedInAs: 'replayed' });
    const start = await t.app.inject({ method: 'GET', url: '/api/twitch/verify', headers: { cookie: fan.cookie } });
    const twitch = await fetch(String(start.headers.location), {
      redirect: 'manual',
      signal: AbortSignal.timeout(5_000),
    });
    const back = new URL(twitch.headers.get('location') ?? '');
    const url = `${back.pathname}${back.search}`;
    // Another session presenting it burns it and stores nothing.
    const stolen = await t.app.inject({ method: 'GET', url, headers: { cookie: other.cookie } });
    expect(stolen.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url, headers: { cookie: fan.cookie } })).statusCode).toBe(400);
    expect(await me(other.cookie)).toMatchObject({ twitchVerified: false });
    expect(await me(fan.cookie)).toMatchObject({ twitchVerified: false });
  });

  it('a viewer who declines on Twitch is sent back with the reason, nothing stored', async () => {
    const fan = await registerUser(t.app, 'verify-decliner');
    const start = await t.app.inject({ method: 'GET', url: '/api/twitch/verify', headers: { cookie: fan.cookie } });
    const state = new URL(String(start.headers.location)).searchParams.get('state') ?? '';
    const back = await t.app.inject({
      method: 'GET',
      url: `/api/twitch/callback?state=${state}&error=access_denied&error_description=The+user+denied+you+access`,
      headers: { cookie: fan.cookie },
    });
    expect(back.headers.location).toBe('/dashboard?twitch=error&reason=The+user+denied+you+access');
    expect(await me(fan.cookie)).toMatchObject({ twitchVerified: false });
  });
});

describe('Verify with Twitch without Twitch settings', () => {
  it('sends the viewer back saying Twitch is not configured', async () => {
    const [dialect] = testDialects();
    const t = await createTestApp(dialect ?? 'sqlite');
    try {
      const fan = await registerUser(t.app, 'verify-unconfigured');
      const start = await t.app.inject({ method: 'GET', url: '/api/twitch/verify', headers: { cookie: fan.cookie } });
      expect(start.statusCode).toBe(302);
      expect(start.headers.location).toBe('/dashboard?twitch=not-configured');
    } finally {
      await t.close();
    }
  });
});
