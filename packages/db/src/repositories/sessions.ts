import type { Executor } from '../executor';
import type { SessionRow, UserRow } from '../schema';

export async function insertSession(db: Executor, session: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

export async function findSessionWithUser(
  db: Executor,
  sessionId: string,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const session = await db.selectFrom('sessions').selectAll().where('id', '=', sessionId).executeTakeFirst();
  if (!session) return undefined;
  const user = await db.selectFrom('users').selectAll().where('id', '=', session.user_id).executeTakeFirst();
  if (!user) return undefined;
  return { session: { ...session, expires_at: Number(session.expires_at) }, user };
}

export async function extendSession(db: Executor, sessionId: string, expiresAt: number): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', sessionId).execute();
}

export async function deleteSession(db: Executor, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export async function deleteUserSessions(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
}

export async function deleteExpiredSessions(db: Executor, now: number): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute();
}
