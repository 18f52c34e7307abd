import {
  type Db,
  deleteExpiredSessions,
  findUserByUsername,
  insertUser,
  migrateToLatest,
  seedDemoData,
  setAdmin,
  setPasswordHash,
} from '@shop/db';
import type { FastifyBaseLogger } from 'fastify';
import { hashPassword } from './auth/password';
import type { Config } from './env';

/** Makes the configured admin exist: created if absent, else promoted and given the configured password. */
export async function ensureAdmin(db: Db, admin: { username: string; password: string }, now: number) {
  const passwordHash = await hashPassword(admin.password);
  await db.kysely.transaction().execute(async (tx) => {
    const existing = await findUserByUsername(tx, admin.username);
    if (!existing) {
      await insertUser(tx, { username: admin.username, passwordHash, isAdmin: true, now });
      return;
    }
    await setAdmin(tx, existing.id, true);
    await setPasswordHash(tx, existing.id, passwordHash);
  });
}

export async function prepareDatabase(db: Db, config: Config, log: FastifyBaseLogger, now: number): Promise<void> {
  await migrateToLatest(db);
  // A session is only deleted when its cookie comes back after expiry; sweep the ones that never do.
  await deleteExpiredSessions(db.kysely, now);
  if (config.admin) {
    await ensureAdmin(db, config.admin, now);
    log.info({ username: config.admin.username }, 'admin account ensured');
  }
  if (config.seedDemoData && (await seedDemoData(db, now))) {
    log.info('empty catalogue filled with demo packages, categories and actions');
  }
}
