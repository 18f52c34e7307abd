import type {} from '@fastify/cookie';
import type { Db } from '@shop/db';
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE, validateSessionToken } from '../auth/session';
import type { Config } from '../env';
import { isForeignOriginHeader } from '../origin-check';
import type { SocketViewer } from './hub';

export interface SocketViewerDeps {
  db: Db;
  config: Pick<Config, 'publicOrigin'>;
  now: () => number;
}

/**
 * The viewer behind a /ws upgrade, from the session cookie, or null for an anonymous socket.
 * A socket opened by another site's page (its Origin is not ours) stays anonymous even when the
 * browser sends our cookie: receipts are for the shop's own pages. The session's id comes along so
 * the socket can be closed when that session ends.
 */
export async function socketViewer(services: SocketViewerDeps, req: FastifyRequest): Promise<SocketViewer | null> {
  if (isForeignOriginHeader(req, services.config.publicOrigin)) return null;
  const token = req.cookies[SESSION_COOKIE];
  if (!token) return null;
  const session = await validateSessionToken(services.db.kysely, token, services.now());
  return session
    ? { userId: session.user.id, sessionId: session.sessionId, isAdmin: session.user.is_admin === 1 }
    : null;
}
