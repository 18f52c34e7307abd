import { compiledOnce } from '../compiled-once';
import type { Executor } from '../executor';
import type { SessionRow, UserRow } from '../schema';

export async function insertSession(db: Executor, session: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

const selectSessionWithUser = compiledOnce(1, (db, sessionId: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.id as session_id', 'sessions.expires_at as session_expires_at'])
    .where('sessions.id', '=', sessionId),
);

/** One round trip: every signed-in request starts here. */
export async function findSessionWithUser(
  db: Executor,
  sessionId: string,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const [row] = (await selectSessionWithUser(db, sessionId)).rows;
  if (!row) return undefined;
  const { session_id, session_expires_at, ...user } = row;
  return { session: { id: session_id, user_id: user.id, expires_at: Number(session_expires_at) }, user };
}

export async function extendSession(db: Executor, sessionId: string, expiresAt: number): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', sessionId).execute();
}

export async function deleteSession(db: Executor, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export async function deleteExpiredSessions(db: Executor, now: number): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}

/** Signs a user out everywhere: used when their rights or password change behind their back. */
export async function deleteSessionsOfUser(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}
