import { testDialects } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_TTL_MS } from '../src/auth/session';
import { createTestApp, registerUser, sessionCookie, type TestApp } from './helpers';

const DAY = 24 * 60 * 60 * 1000;

describe.each(testDialects())('accounts on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect);
  });
  afterAll(async () => t?.close());

  it('registers, signs the new user in and answers /api/user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'alice', password: 'secret123' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'alice', coinBalance: 0, isAdmin: false, twitchUsername: null });
    expect(res.json()).not.toHaveProperty('password_hash');
    const cookie = res.cookies.find((c) => c.name === 'session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie: sessionCookie(res) } });
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe('alice');
  });

  it('refuses a taken username in any case', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'ALICE', password: 'secret123' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'error', message: 'Username already exists' });
  });

  it.each([
    [{ username: 'ab', password: 'secret123' }, 'username: Username must be at least 3 characters'],
    [{ username: 'a'.repeat(51), password: 'secret123' }, 'username: Username must be less than 50 characters'],
    [{ username: 'bob', password: '12345' }, 'password: Password must be at least 6 characters'],
    [{ username: 'bob', password: 'x'.repeat(101) }, 'password: Password must be less than 100 characters'],
    [{ password: 'secret123' }, 'username: Username is required'],
  ])('refuses out-of-bounds registration %j', async (payload, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/register', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message });
  });

  it('logs in with the right password and not with a wrong one', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'Alice', password: 'secret123' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().username).toBe('alice');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'alice', password: 'wrong-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ status: 'error', message: 'Invalid username or password' });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { username: 'nobody', password: 'secret123' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().message).toBe('Invalid username or password');
  });

  it('answers 401 without a session and after logout', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
    const { cookie } = await registerUser(t.app, 'carl');
    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.cookies.find((c) => c.name === 'session')?.value).toBe('');
    const me = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ status: 'error', message: 'You must be logged in' });
  });

  it('expires a session after 30 idle days and slides it when used', async () => {
    const { cookie } = await registerUser(t.app, 'dora');
    t.clock.advance(16 * DAY);
    const renewed = await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } });
    expect(renewed.statusCode).toBe(200);
    const renewedCookie = renewed.cookies.find((c) => c.name === 'session');
    expect(renewedCookie?.expires?.getTime()).toBe(t.clock.value + SESSION_TTL_MS);
    t.clock.advance(20 * DAY); // 36 days after sign-in, 20 after the last use
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(200);
    t.clock.advance(31 * DAY);
    expect((await t.app.inject({ method: 'GET', url: '/api/user', headers: { cookie } })).statusCode).toBe(401);
  });

  it('updates only the sent profile fields', async () => {
    const { cookie } = await registerUser(t.app, 'erin');
    const first = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: { cookie },
      payload: { displayName: 'Erin the Great' },
    });
    expect(first.statusCode).toBe(200);
    const second = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: { cookie },
      payload: { profilePicture: 'https://img.example/erin.png' },
    });
    expect(second.json()).toMatchObject({
      displayName: 'Erin the Great',
      profilePicture: 'https://img.example/erin.png',
    });
    const bad = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: { cookie },
      payload: { displayName: 42 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/^displayName: /);
    const anonymous = await t.app.inject({ method: 'PATCH', url: '/api/user/profile', payload: { displayName: 'x' } });
    expect(anonymous.statusCode).toBe(401);
  });

  it('links a trimmed lowercased Twitch name, unlinks with an empty one, refuses a blank one', async () => {
    const { cookie } = await registerUser(t.app, 'fred');
    const link = (twitchUsername: string) =>
      t.app.inject({ method: 'POST', url: '/api/user/link-twitch', headers: { cookie }, payload: { twitchUsername } });
    expect((await link('  SomeStreamer ')).json().twitchUsername).toBe('somestreamer');
    expect((await link('')).json().twitchUsername).toBeNull();
    const blank = await link('   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({
      status: 'error',
      message: 'twitchUsername: Please enter a valid Twitch username.',
    });
  });

  it('serves the same procedures over /trpc', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      payload: { username: 'alice', password: 'secret123' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data.username).toBe('alice');
    const me = await t.app.inject({ method: 'GET', url: '/trpc/user.get' });
    expect(me.statusCode).toBe(401);
    expect(me.json().error.message).toBe('You must be logged in');
  });

  it('refuses a state change from a foreign origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: 'https://evil.example', host: 'shop.example' },
      payload: { username: 'alice', password: 'secret123' },
    });
    expect(res.statusCode).toBe(403);
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: 'https://shop.example', host: 'shop.example' },
      payload: { username: 'alice', password: 'secret123' },
    });
    expect(same.statusCode).toBe(200);
  });
});
