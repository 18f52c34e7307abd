import { findUserByUsername, usernameKey } from '@shop/db';
import { ACCOUNT_DISABLED_MESSAGE, AppError, toUser } from '@shop/domain';
import { hashPassword, verifyPassword } from '../../auth/password';
import { createSession } from '../../auth/session';
import { enforceRateLimit, refuseWhenLimited } from '../../rate-limit';
import { publicProcedure } from '../../trpc';
import { loginMeta, ZLoginInput, ZLoginOutput } from './login.types';

// Verifying against a real hash when the user is unknown keeps both failures equally slow,
// so response times do not reveal which usernames exist.
const unknownUserHash = hashPassword('not-a-real-password');

/** The account's key: the name folded exactly as usernames are unique (any case, trimmed). */
const accountKey = (username: string) => `account:${usernameKey(username)}`;

export const login = publicProcedure
  .meta(loginMeta)
  .input(ZLoginInput)
  .output(ZLoginOutput)
  .mutation(async ({ ctx, input }) => {
    const { db, limiters, now } = ctx.services;
    // Both limits must pass: per address stops one client trying many accounts, per account stops
    // many addresses (a botnet, or a spoofed header) trying one. The account counts failures only,
    // keyed by the name whether or not it exists, so the limit reveals nothing about which names do.
    await enforceRateLimit(limiters.login, `ip:${ctx.ip}`, now());
    refuseWhenLimited(await limiters.loginAccount.check(accountKey(input.username), now()));
    const user = await findUserByUsername(db.kysely, input.username);
    const valid = await verifyPassword(user?.password_hash ?? (await unknownUserHash), input.password);
    if (!user || !valid) {
      await limiters.loginAccount.count(accountKey(input.username), now());
      throw new AppError('UNAUTHORIZED', 'Invalid username or password');
    }
    // Said only to whoever knows the password: a guess learns nothing about the account.
    if (user.disabled_at !== null) throw new AppError('FORBIDDEN', ACCOUNT_DISABLED_MESSAGE);
    const session = await createSession(db.kysely, user.id, now());
    ctx.cookies.set(session.token, session.expiresAt);
    return toUser(user);
  });
