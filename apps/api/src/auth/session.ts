import { createHash } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import {
  deleteSession,
  type Executor,
  extendSession,
  findSessionWithUser,
  insertSession,
  type UserRow,
} from '@shop/db';

/** Sessions per the Lucia recipe: random token in the cookie, only its SHA-256 in the database. */
export const SESSION_COOKIE = 'session';
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const RENEW_WHEN_LEFT_MS = 15 * 24 * 60 * 60 * 1000;

export function generateSessionToken(): string {
  const bytes = new Uint8Array(20);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** Node's native SHA-256: every signed-in request hashes its cookie, and the pure-JS one cost more. */
export function sessionIdFromToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export async function createSession(db: Executor, userId: number, now: number) {
  const token = generateSessionToken();
  const expiresAt = now + SESSION_TTL_MS;
  await insertSession(db, { id: sessionIdFromToken(token), user_id: userId, expires_at: expiresAt });
  return { token, expiresAt };
}

export interface ValidatedSession {
  sessionId: string;
  user: UserRow;
  expiresAt: number;
  /** True when the expiry moved forward and the cookie must be sent again. */
  renewed: boolean;
}

/**
 * 30 days sliding: a session used in its second half is pushed 30 days ahead again. A disabled
 * account's session is no session: disabling deletes them, and one a sign-in racing the disable
 * still created is deleted here, from the same row read.
 */
export async function validateSessionToken(db: Executor, token: string, now: number): Promise<ValidatedSession | null> {
  const sessionId = sessionIdFromToken(token);
  const found = await findSessionWithUser(db, sessionId);
  if (!found) return null;
  if (now >= found.session.expires_at || found.user.disabled_at !== null) {
    await deleteSession(db, sessionId);
    return null;
  }
  if (found.session.expires_at - now < RENEW_WHEN_LEFT_MS) {
    const expiresAt = now + SESSION_TTL_MS;
    await extendSession(db, sessionId, expiresAt);
    return { sessionId, user: found.user, expiresAt, renewed: true };
  }
  return { sessionId, user: found.user, expiresAt: found.session.expires_at, renewed: false };
}
