import {
  type Db,
  deleteExpiredSessions,
  deleteSessionsOfUser,
  findUserByUsername,
  insertUser,
  isUniqueViolation,
  migrateToLatest,
  seedDemoData,
  setAdmin,
  setPasswordHash,
  transactionWithRetry,
} from '@shop/db';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword, verifyPassword } from './auth/password';
import type { Config } from './env';

/** `password-kept`: the admin's password is not the configured one and was left as it is. */
export type AdminOutcome = 'created' | 'unchanged' | 'updated' | 'password-kept';

/**
 * Makes the configured admin exist: created with the configured password if absent, else promoted and
 * given it. From then on the password is the admin's own: a restart must not undo a password changed in
 * the shop (after a leak, say) with the one still written in the environment, so only `resetPassword`
 * (ADMIN_PASSWORD_RESET, for an admin locked out) puts the configured one back. A promoted account gets it
 * always: whoever registered the name knows that account's old password.
 *
 * An account that was promoted or had its password reset loses every session: whoever held it before (a
 * viewer who registered the name, or someone with the old password) must not keep a signed-in admin. An
 * admin whose password already verifies keeps its sessions, so a restart with the reset left on does not
 * sign the real admin out (argon2 salts every hash, so comparing hashes would always differ).
 */
export async function ensureAdmin(
  db: Db,
  admin: { username: string; password: string; resetPassword?: boolean },
  now: number,
): Promise<AdminOutcome> {
  const existing = await findUserByUsername(db.kysely, admin.username);
  if (!existing) {
    try {
      await insertUser(db.kysely, {
        username: admin.username,
        passwordHash: await hashPassword(admin.password),
        isAdmin: true,
        now,
      });
      return 'created';
    } catch (error) {
      // Another process starting at the same moment created it first: check that one instead.
      if (!isUniqueViolation(error)) throw error;
      return ensureAdmin(db, admin, now);
    }
  }
  const promote = existing.is_admin !== 1;
  const matches = await verifyPassword(existing.password_hash, admin.password);
  if (!promote) {
    if (matches) return 'unchanged';
    if (admin.resetPassword !== true) return 'password-kept';
  }
  const passwordHash = matches ? null : await hashPassword(admin.password);
  await transactionWithRetry(db, async (tx) => {
    if (promote) await setAdmin(tx, existing.id, true);
    if (passwordHash) await setPasswordHash(tx, existing.id, passwordHash);
    await deleteSessionsOfUser(tx, existing.id);
  });
  return 'updated';
}

export async function prepareDatabase(db: Db, config: Config, log: FastifyBaseLogger, now: number): Promise<void> {
  await migrateToLatest(db);
  // A session is only deleted when its cookie comes back after expiry; sweep the ones that never do.
  await deleteExpiredSessions(db.kysely, now);
  if (config.admin) {
    const outcome = await ensureAdmin(db, config.admin, now);
    const note =
      outcome === 'updated'
        ? 'admin account promoted or password reset; its sessions were revoked'
        : outcome === 'password-kept'
          ? 'admin account kept its own password, not ADMIN_PASSWORD (ADMIN_PASSWORD_RESET=true restores that)'
          : `admin account ${outcome}`;
    log.info({ username: config.admin.username }, note);
  }
  if (config.seedDemoData && (await seedDemoData(db, now))) {
    log.info('empty catalogue filled with demo packages, categories and actions');
  }
}
