import { toUser } from '@shop/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../connect';
import { createTestDb, type TestDb, testDialects } from '../testing/index';
import { findUserByUsername, insertUser, searchUsersByUsername, updateUserProfile } from './users';

describe.each(testDialects())('users on %s', (dialect) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb(dialect);
  });
  afterAll(async () => db?.destroy());

  it('creates a user and finds it whatever the case of the name', async () => {
    const id = await insertUser(db.kysely, { username: 'Alice', passwordHash: 'h', now: 1_700_000_000_000 });
    const row = await findUserByUsername(db.kysely, 'ALICE');
    expect(row && toUser(row)).toEqual({
      id,
      username: 'Alice',
      displayName: null,
      profilePicture: null,
      coinBalance: 0,
      isAdmin: false,
      twitchUsername: null,
      twitchVerified: false,
      createdAt: '2023-11-14T22:13:20.000Z',
    });
  });

  it('refuses a second account with the same name in another case', async () => {
    await expect(insertUser(db.kysely, { username: 'alice', passwordHash: 'h', now: 1 })).rejects.toSatisfy(
      isUniqueViolation,
    );
  });

  it('updates only the given profile fields', async () => {
    const id = await insertUser(db.kysely, { username: 'bob', passwordHash: 'h', now: 1 });
    await updateUserProfile(db.kysely, id, { displayName: 'Bobby' });
    await updateUserProfile(db.kysely, id, { profilePicture: 'https://img/x.png' });
    const row = await findUserByUsername(db.kysely, 'bob');
    expect(row?.display_name).toBe('Bobby');
    expect(row?.profile_picture).toBe('https://img/x.png');
  });

  it('searches by a fragment, treating % and _ literally', async () => {
    await insertUser(db.kysely, { username: 'under_score', passwordHash: 'h', now: 1 });
    expect((await searchUsersByUsername(db.kysely, 'LIC')).map((u) => u.username)).toEqual(['Alice']);
    expect((await searchUsersByUsername(db.kysely, '_')).map((u) => u.username)).toEqual(['under_score']);
    expect(await searchUsersByUsername(db.kysely, '%')).toEqual([]);
  });
});
