import { findUserByUsername, toUser } from '@shop/db';
import { AppError, ZLogin } from '@shop/domain';
import { hashPassword, verifyPassword } from '../../auth/password';
import { createSession } from '../../auth/session';
import { publicProcedure } from '../../trpc';
import { enforceRateLimit } from './rate-limit';

// Verifying against a real hash when the user is unknown keeps both failures equally slow,
// so response times do not reveal which usernames exist.
const unknownUserHash = hashPassword('not-a-real-password');

export const login = publicProcedure.input(ZLogin).mutation(async ({ ctx, input }) => {
  const { db, limiters, now } = ctx.services;
  enforceRateLimit(limiters.login, ctx.ip, now());
  const user = await findUserByUsername(db.kysely, input.username);
  const valid = await verifyPassword(user?.password_hash ?? (await unknownUserHash), input.password);
  if (!user || !valid) throw new AppError('UNAUTHORIZED', 'Invalid username or password');
  const session = await createSession(db.kysely, user.id, now());
  ctx.cookies.set(session.token, session.expiresAt);
  return toUser(user);
});
