import { expect } from 'vitest';
import type { TestApp } from './helpers';

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
