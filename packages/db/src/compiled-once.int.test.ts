import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce } from './compiled-once';
import { insertUser } from './repositories/users';
import { createTestDb, type TestDb, testDialects } from './testing/index';

describe.each(testDialects())('queries compiled once on %s', (dialect) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb(dialect);
  });
  afterAll(async () => db?.destroy());

  it("sends the builder's own SQL, with each call's arguments where the builder put them", async () => {
    const alice = await insertUser(db.kysely, { username: 'alice', passwordHash: 'h', now: 1 });
    const bob = await insertUser(db.kysely, { username: 'bob', passwordHash: 'h', now: 1 });
    const build = (
      tx: TestDb['kysely'],
      amount: number,
      userId: number, // the amount is used twice; the fixed 'x' stays a parameter of its own
    ) =>
      tx
        .updateTable('users')
        .set({ coin_balance: sql`coin_balance + ${amount}`, display_name: 'x' })
        .where('id', '=', userId)
        .where('coin_balance', '>=', amount);
    const grant = compiledOnce(2, build);
    await db.kysely.updateTable('users').set({ coin_balance: 10 }).execute();

    const first = await grant(db.kysely, 5, alice);
    const second = await grant(db.kysely, 20, bob);

    expect(Number(first.numAffectedRows)).toBe(1);
    expect(Number(second.numAffectedRows)).toBe(0);
    const rows = await db.kysely
      .selectFrom('users')
      .select(['id', 'coin_balance', 'display_name'])
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.id, Number(r.coin_balance), r.display_name])).toEqual([
      [alice, 15, 'x'],
      [bob, 10, null],
    ]);
    // Inside a transaction too, with the same statement Kysely itself would send.
    await db.kysely.transaction().execute(async (tx) => {
      expect(Number((await grant(tx, 1, bob)).numAffectedRows)).toBe(1);
    });
    expect(build(db.kysely, 1, 2).compile().sql).toContain('coin_balance + ?');
  });

  it('refuses a builder that does not pass an argument through as a parameter', async () => {
    const broken = compiledOnce(1, (tx, name: string) =>
      tx.selectFrom('users').selectAll().where('username', '=', name.toUpperCase()),
    );
    await expect(broken(db.kysely, 'alice')).rejects.toThrow(/did not reach the SQL/);
  });
});
