import { findUserById, insertUser, isUniqueViolation, usernameKey } from '@shop/db';
import { AppError, toUser } from '@shop/domain';
import { hashPassword } from '../../auth/password';
import { createSession } from '../../auth/session';
import { enforceRateLimit } from '../../rate-limit';
import { publicProcedure } from '../../trpc';
import { registerMeta, ZRegisterInput, ZRegisterOutput } from './register.types';

export const RESERVED_USERNAME = 'This username is reserved';

export const register = publicProcedure
  .meta(registerMeta)
  .input(ZRegisterInput)
  .output(ZRegisterOutput)
  .mutation(async ({ ctx, input }) => {
    const { db, limiters, now, config } = ctx.services;
    await enforceRateLimit(limiters.register, `ip:${ctx.ip}`, now());
    // The configured admin name is the server's to create: a viewer who registered it first would
    // otherwise be promoted at the next start-up.
    if (config.admin && usernameKey(input.username) === usernameKey(config.admin.username)) {
      throw new AppError('CONFLICT', RESERVED_USERNAME);
    }
    const passwordHash = await hashPassword(input.password);
    let userId: number;
    try {
      userId = await insertUser(db.kysely, { username: input.username, passwordHash, now: now() });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'Username already exists');
      throw error;
    }
    const session = await createSession(db.kysely, userId, now());
    ctx.cookies.set(session.token, session.expiresAt);
    const user = await findUserById(db.kysely, userId);
    if (!user) throw new AppError('INTERNAL', 'The new account could not be read back');
    return toUser(user);
  });
