import { expect } from 'vitest';
import type { TestApp } from './helpers';
import type { TwitchStandIn } from './stand-ins/twitch-server';

/**
 * The broadcaster's authorization as a browser would do it: the admin opens /api/twitch/auth, Twitch
 * (the stand-in) redirects back with a code, the browser follows to /api/twitch/callback. Returns the
 * callback reply (a redirect to the Watch Time page).
 */
export async function authorizeTwitch(
  t: TestApp,
  adminCookie: string,
): Promise<{ location: string; statusCode: number }> {
  const start = await t.app.inject({ method: 'GET', url: '/api/twitch/auth', headers: { cookie: adminCookie } });
  expect(start.statusCode, start.body).toBe(302);
  const twitch = await fetch(String(start.headers.location), {
    redirect: 'manual',
    signal: AbortSignal.timeout(5_000),
  });
  expect(twitch.status).toBe(302);
  const back = new URL(twitch.headers.get('location') ?? '');
  const callback = await t.app.inject({
    method: 'GET',
    url: `${back.pathname}${back.search}`,
    headers: { cookie: adminCookie },
  });
  return { location: String(callback.headers.location ?? ''), statusCode: callback.statusCode };
}

/**
 * 'Verify with Twitch' as a viewer's browser does it, signed in to Twitch (the stand-in) as `login`:
 * /api/twitch/verify, Twitch's authorize page, back to /api/twitch/callback. Returns where the
 * callback sends the viewer (the dashboard with `twitch=verified` or `twitch=error&reason=...`).
 */
export async function verifyTwitch(
  t: TestApp,
  stand: TwitchStandIn,
  cookie: string,
  login: string,
): Promise<{ location: string; statusCode: number }> {
  stand.set({ signedInAs: login });
  const start = await t.app.inject({ method: 'GET', url: '/api/twitch/verify', headers: { cookie } });
  expect(start.statusCode, start.body).toBe(302);
  const authorize = new URL(String(start.headers.location));
  expect(authorize.searchParams.get('scope')).toBe('');
  const twitch = await fetch(authorize, { redirect: 'manual', signal: AbortSignal.timeout(5_000) });
  expect(twitch.status).toBe(302);
  const back = new URL(twitch.headers.get('location') ?? '');
  const callback = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}`, headers: { cookie } });
  return { location: String(callback.headers.location ?? ''), statusCode: callback.statusCode };
}
