import { sql } from 'kysely';
import { compiledOnce } from '../compiled-once';
import { isUniqueViolation } from '../connect';
import type { Executor } from '../executor';
import type { UserRow } from '../schema';

export function usernameKey(username: string): string {
  return username.trim().toLowerCase();
}

const selectUserById = compiledOnce(1, (db, id: number) => db.selectFrom('users').selectAll().where('id', '=', id));

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return (await selectUserById(db, id)).rows[0];
}

export async function findUserByUsername(db: Executor, username: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('username_key', '=', usernameKey(username)).executeTakeFirst();
}

export async function insertUser(
  db: Executor,
  user: { username: string; passwordHash: string; isAdmin?: boolean; now: number },
): Promise<number> {
  const result = await db
    .insertInto('users')
    .values({
      username: user.username.trim(),
      username_key: usernameKey(user.username),
      password_hash: user.passwordHash,
      is_admin: user.isAdmin ? 1 : 0,
      created_at: user.now,
    })
    .executeTakeFirstOrThrow();
  return Number(result.insertId);
}

export async function updateUserProfile(
  db: Executor,
  id: number,
  changes: { displayName?: string | null; profilePicture?: string | null },
): Promise<void> {
  const values: { display_name?: string | null; profile_picture?: string | null } = {};
  if (changes.displayName !== undefined) values.display_name = changes.displayName || null;
  if (changes.profilePicture !== undefined) values.profile_picture = changes.profilePicture || null;
  if (Object.keys(values).length === 0) return;
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}

/**
 * Links (or, with null, unlinks) a typed Twitch name: a claim. A proof of another name no longer
 * applies, so it is dropped; the same name keeps its proof. 'taken' when another account has proved
 * this name with Twitch: nothing is written.
 */
export async function setTwitchUsername(
  db: Executor,
  id: number,
  twitchUsername: string | null,
): Promise<'linked' | 'taken'> {
  if (twitchUsername !== null) {
    const proved = await db
      .selectFrom('users')
      .select('id')
      .where('twitch_username', '=', twitchUsername)
      .where('twitch_user_id', 'is not', null)
      .where('id', '<>', id)
      .executeTakeFirst();
    if (proved) return 'taken';
  }
  await db
    .updateTable('users')
    .set((eb) => ({
      twitch_user_id:
        twitchUsername === null
          ? null
          : eb.case().when('twitch_username', '=', twitchUsername).then(eb.ref('twitch_user_id')).else(null).end(),
      twitch_username: twitchUsername,
    }))
    .where('id', '=', id)
    .execute();
  return 'linked';
}

/**
 * Stores what 'Verify with Twitch' proved: the Twitch user id and its login, replacing the typed name.
 * 'taken' when that Twitch account is already proved by another user (the unique index decides a race).
 * Other accounts that merely claimed this login keep their claim, which pays nothing.
 */
export async function setVerifiedTwitchAccount(
  db: Executor,
  id: number,
  twitch: { id: string; login: string },
): Promise<'verified' | 'taken'> {
  const owner = await db.selectFrom('users').select('id').where('twitch_user_id', '=', twitch.id).executeTakeFirst();
  if (owner && owner.id !== id) return 'taken';
  try {
    await db
      .updateTable('users')
      .set({ twitch_user_id: twitch.id, twitch_username: twitch.login.toLowerCase() })
      .where('id', '=', id)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken';
    throw error;
  }
  return 'verified';
}

export async function setPasswordHash(db: Executor, id: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).execute();
}

export async function setAdmin(db: Executor, id: number, isAdmin: boolean): Promise<void> {
  await db
    .updateTable('users')
    .set({ is_admin: isAdmin ? 1 : 0 })
    .where('id', '=', id)
    .execute();
}

export async function searchUsersByUsername(db: Executor, fragment: string, limit = 20): Promise<UserRow[]> {
  // '!' as the escape character reads the same in SQLite and MySQL string literals; '\\' does not.
  const escaped = usernameKey(fragment).replace(/[!%_]/g, (c) => `!${c}`);
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<boolean>`username_key like ${`%${escaped}%`} escape '!'`)
    .orderBy('username_key')
    .limit(limit)
    .execute();
}

/**
 * Disables the account (`at`), or with null enables it again. True when it changed: disabling an
 * account already disabled keeps the first time it was disabled.
 */
export async function setUserDisabled(db: Executor, id: number, at: number | null): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ disabled_at: at })
    .where('id', '=', id)
    .where('disabled_at', at === null ? 'is not' : 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Takes the account's row lock and answers whether it is active (null: no such account). Paths that
 * pay an account without a session (watch-time, Streamer.bot) call it first in their transaction:
 * an admin's disable either committed before (and is seen) or waits for the payment to commit.
 */
export async function lockActiveAccount(tx: Executor, id: number): Promise<boolean | null> {
  const query = tx.selectFrom('users').select('disabled_at').where('id', '=', id).forUpdate();
  const row = await query.executeTakeFirst();
  return row ? row.disabled_at === null : null;
}
