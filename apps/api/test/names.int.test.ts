import { testDialects } from '@shop/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerUser, type TestApp } from './helpers';

const INVISIBLE = 'Names cannot contain invisible or control characters';

/** The characters that let one viewer render as another on the overlay, each in an ordinary name. */
const sneaky: [string, string][] = [
  ['NUL', 'ali\u0000ce'],
  ['BEL', 'alice\u0007'],
  ['the right-to-left override', '\u202Eecila'],
  ['a zero-width space', 'ali\u200Bce'],
  ['a byte-order mark', '\uFEFFalice'],
];

describe.each(testDialects())('names shown on stream on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;
  let userId: number;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    ({ cookie, id: userId } = await registerUser(t.app, 'viewer'));
  });
  afterAll(async () => t?.close());

  const storedDisplayName = async () =>
    (await t.db.kysely.selectFrom('users').select('display_name').where('id', '=', userId).executeTakeFirstOrThrow())
      .display_name;

  it.each(sneaky)('refuses to register a username with %s, and says why', async (_name, username) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username, password: 'secret123' },
    });
    expect(res.statusCode).toBe(400);
    // Every 400 names its field first (describeZodError); the reason after it is the rule's own text.
    expect(res.json()).toEqual({ status: 'error', message: `username: ${INVISIBLE}` });
  });

  it.each(sneaky)('refuses a display name with %s, and keeps the old one', async (_name, displayName) => {
    const before = await storedDisplayName();
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: { cookie },
      payload: { displayName },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: `displayName: ${INVISIBLE}` });
    expect(await storedDisplayName()).toBe(before);
  });

  it('refuses markup in a display name', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: { cookie },
      payload: { displayName: '<b>Mod</b>' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 'error', message: 'displayName: Names cannot contain < or >' });
  });

  it('stores a decomposed display name composed (NFC)', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: { cookie },
      payload: { displayName: ' Rene\u0301e ' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().displayName).toBe('Ren\u00E9e');
    expect(await storedDisplayName()).toBe('Ren\u00E9e');
  });

  it('takes names in any script and with emoji', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/user/profile',
      headers: { cookie },
      payload: { displayName: '山田 Zoë 🎮' },
    });
    expect(res.statusCode).toBe(200);
    expect(await storedDisplayName()).toBe('山田 Zoë 🎮');
    expect((await registerUser(t.app, 'Владимир')).id).toBeGreaterThan(0);
  });

  it('makes a decomposed username the same account as the composed one', async () => {
    await registerUser(t.app, 'Zo\u00EB');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { username: 'Zoe\u0308', password: 'secret123' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 'error', message: 'Username already exists' });
  });

  it('refuses a Twitch name with a hidden character, and one Twitch would not take', async () => {
    const link = (twitchUsername: string) =>
      t.app.inject({ method: 'POST', url: '/api/user/link-twitch', headers: { cookie }, payload: { twitchUsername } });
    const hidden = await link('streamer\u200B');
    expect(hidden.statusCode).toBe(400);
    expect(hidden.json()).toEqual({ status: 'error', message: `twitchUsername: ${INVISIBLE}` });
    const dotted = await link('some.streamer');
    expect(dotted.statusCode).toBe(400);
    expect(dotted.json()).toEqual({
      status: 'error',
      message: 'twitchUsername: Please enter a valid Twitch username.',
    });
  });

  it('gives the same reason over /trpc', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/trpc/auth.register',
      payload: { username: 'ali\u202Ece', password: 'secret123' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(`username: ${INVISIBLE}`);
  });
});
