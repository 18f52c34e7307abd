import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../auth/session';

export const WEB_INDEX = 'index.html';
/**
 * The same app, prerendered as for a signed-in viewer: login-required pages (/shop) come drawn
 * with their skeletons instead of a spinner (apps/web/build/prerender.ts, auth/session-hint.ts).
 */
export const SESSION_WEB_INDEX = 'index.session.html';

/**
 * Picks the page for a client-side route. A session cookie is enough: it is only a hint for what to
 * draw first (the session check follows), so no database read is spent on a page load. A build
 * without the second page (an older one) gets index.html for everyone.
 */
export function webIndexPicker(webDist: string): (req: FastifyRequest) => string {
  const hasSessionIndex = existsSync(join(webDist, SESSION_WEB_INDEX));
  return (req) => (hasSessionIndex && req.cookies[SESSION_COOKIE] ? SESSION_WEB_INDEX : WEB_INDEX);
}
