import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../connect';
import { assertLedgerInvariant, createTestDb, type TestDb, testDialects } from '../testing/index';
import { credit, debit, findLedgerProblems, listTransactions } from './ledger';
import { findUserById, insertUser } from './users';

describe.each(testDialects())('ledger on %s', (dialect) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb(dialect);
  });
  afterEach(async () => assertLedgerInvariant(db));
  afterAll(async () => db?.destroy());

  async function newUser(name: string) {
    return insertUser(db.kysely, { username: name, passwordHash: 'h', now: 1 });
  }

  it('credits and debits in one transaction with the balance', async () => {
    const userId = await newUser('carol');
    await db.kysely.transaction().execute(async (tx) => {
      await credit(tx, { userId, amount: 500, type: 'purchase', description: 'Fan Pack', now: 10 });
    });
    const debited = await db.kysely
      .transaction()
      .execute((tx) => debit(tx, { userId, amount: 120, type: 'action', description: 'Spawn Zombie', now: 20 }));
    expect(debited).not.toBeNull();
    expect(Number((await findUserById(db.kysely, userId))?.coin_balance)).toBe(380);
    expect((await listTransactions(db.kysely, userId)).map((t) => [t.type, t.amount])).toEqual([
      ['action', -120],
      ['purchase', 500],
    ]);
  });

  it('refuses a debit larger than the balance and changes nothing', async () => {
    const userId = await newUser('dave');
    const result = await db.kysely
      .transaction()
      .execute((tx) => debit(tx, { userId, amount: 1, type: 'action', description: 'x', now: 1 }));
    expect(result).toBeNull();
    expect(await listTransactions(db.kysely, userId)).toEqual([]);
  });

  it('never credits the same reference twice', async () => {
    const userId = await newUser('erin');
    const entry = { userId, amount: 100, type: 'purchase' as const, description: 'p', reference: 'order-1', now: 1 };
    await db.kysely.transaction().execute((tx) => credit(tx, entry));
    await expect(db.kysely.transaction().execute((tx) => credit(tx, entry))).rejects.toSatisfy(isUniqueViolation);
    expect(Number((await findUserById(db.kysely, userId))?.coin_balance)).toBe(100);
  });

  it('overdraws never under concurrent debits', async () => {
    const userId = await newUser('frank');
    await db.kysely
      .transaction()
      .execute((tx) => credit(tx, { userId, amount: 70, type: 'admin_grant', description: 'g', now: 1 }));
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        db.kysely
          .transaction()
          .execute((tx) => debit(tx, { userId, amount: 10, type: 'action', description: 'a', now: 2 })),
      ),
    );
    expect(results.filter((r) => r !== null)).toHaveLength(7);
    expect(Number((await findUserById(db.kysely, userId))?.coin_balance)).toBe(0);
  });

  it('reports a balance that drifted from its ledger', async () => {
    const userId = await newUser('grace');
    await db.kysely.updateTable('users').set({ coin_balance: 5 }).where('id', '=', userId).execute();
    expect(await findLedgerProblems(db.kysely)).toEqual([{ userId, balance: 5, ledgerSum: 0 }]);
    await db.kysely.updateTable('users').set({ coin_balance: 0 }).where('id', '=', userId).execute();
  });
});
