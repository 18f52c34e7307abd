import type {} from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE, validateSessionToken } from '../auth/session';
import { isForeignOriginHeader } from '../origin-check';
import type { Services } from '../services';
import type { SocketViewer } from './hub';

/**
 * The viewer behind a /ws upgrade, from the session cookie, or null for an anonymous socket.
 * A socket opened by another site's page (its Origin is not ours) stays anonymous even when the
 * browser sends our cookie: receipts are for the shop's own pages. The session's id comes along so
 * the socket can be closed when that session ends.
 */
export async function socketViewer(services: Services, req: FastifyRequest): Promise<SocketViewer | null> {
  if (isForeignOriginHeader(req, services.config.publicOrigin)) return null;
  const token = req.cookies[SESSION_COOKIE];
  if (!token) return null;
  const session = await validateSessionToken(services.db.kysely, token, services.now());
  return session ? { userId: session.user.id, sessionId: session.sessionId } : null;
}
