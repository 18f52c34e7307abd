import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from './executor';
import { credit } from './repositories/ledger';
import { insertUser } from './repositories/users';
import { assertLedgerInvariant, createTestDb, type TestDb, testDialects } from './testing/index';

/**
 * The rule of docs/ARCHITECTURE.md's "Reads that decide": every transaction that decides on coins,
 * stock, limits, pools, groups or effects sees, after the lock it waited for, what the lock holder
 * committed. On MySQL that is READ COMMITTED, set per transaction by `Db.transaction`.
 */
// SQLite runs one transaction at a time (a second waits for BEGIN until the first ends), so only MySQL
// can read from a snapshot older than a lock it waited for.
const overlapping = testDialects().filter((dialect) => dialect === 'mysql');

describe.each(overlapping)('a transaction on %s', (dialect) => {
  let db: TestDb;
  beforeAll(async () => {
    db = await createTestDb(dialect);
  });
  afterAll(async () => db?.destroy());

  it('reads, after a lock it waited for, what the holder committed meanwhile', async () => {
    const userId = await insertUser(db.kysely, { username: 'iso', passwordHash: 'h', now: 1 });
    const countOf = async (tx: Executor) =>
      Number(
        (
          await tx
            .selectFrom('transactions')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow()
        ).n,
      );
    let releaseHolder!: () => void;
    const holderMayCommit = new Promise<void>((resolve) => {
      releaseHolder = resolve;
    });
    let holderLocked!: () => void;
    const holderHasLock = new Promise<void>((resolve) => {
      holderLocked = resolve;
    });
    // The holder locks the row, adds a ledger row and commits only when told.
    const holder = db.transaction(async (tx) => {
      await tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
      await credit(tx, { userId, amount: 1, type: 'reward', description: 'x', now: 1 });
      holderLocked();
      await holderMayCommit;
    });
    await holderHasLock;
    const seen = await db.transaction(async (tx) => {
      // A plain read first: under REPEATABLE READ it would fix the snapshot before the lock wait.
      const before = await countOf(tx);
      const locking = tx.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
      releaseHolder();
      await locking;
      return { before, after: await countOf(tx) };
    });
    await holder;
    expect(seen).toEqual({ before: 0, after: 1 });
    await assertLedgerInvariant(db);
  });
});

describe('every transaction of the shop', () => {
  it('opens through Db.transaction, which sets the isolation, never through kysely.transaction()', () => {
    const root = fileURLToPath(new URL('../../..', import.meta.url));
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        if (name === 'node_modules' || name === 'dist' || name === 'test') continue;
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.test-support.ts')) {
          const text = readFileSync(path, 'utf8');
          if (/\.transaction\(\)/.test(text)) offenders.push(relative(root, path));
        }
      }
    };
    for (const top of ['apps/api/src', 'packages/db/src', 'packages/dispatch/src']) walk(join(root, top));
    // connect.ts and sqlite/open.ts are the runners themselves (SQLite's transactions never overlap);
    // the migration runs before the shop takes any request.
    const allowed = new Set([
      'packages/db/src/connect.ts',
      'packages/db/src/sqlite/open.ts',
      'packages/db/src/migrations/2026_11_27_0014_daily_totals.ts',
    ]);
    expect(offenders.filter((file) => !allowed.has(file))).toEqual([]);
  });
});
