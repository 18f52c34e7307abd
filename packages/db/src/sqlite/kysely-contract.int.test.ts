import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { type Compilable, Kysely, MysqlDialect, type QueryResult, SqliteDialect, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { compiledOnce } from '../compiled-once';
import { connect, migrateToLatest } from '../connect';
import type { Db } from '../db';
import { dialectOf } from '../dialect-of';
import type { Executor } from '../executor';
import type { Database } from '../schema';

// The shop's SQLite path (README.md here) leans on Kysely's driver contract and on compiled queries
// made by hand: a QueryResult shaped as Kysely's own SQLite driver shapes it, a CompiledQuery built
// from a template. This runs one script of statements through Kysely's own path (its SqliteDialect,
// every query built and compiled per call) and through the shop's (connect(): the shared connection,
// queries compiled once, the WAL synced off the event loop), and asks for the same results, the same
// statements in the same order, and the same rows on disk after both are closed. A Kysely upgrade
// that moves one of those pieces fails here.

/** Each statement of the script, built from scratch per call on Kysely's path, compiled once on the shop's. */
function statement<A extends unknown[], R>(arity: number, build: (db: Executor, ...args: A) => Compilable<R>) {
  const once = compiledOnce(arity, build);
  return (path: 'kysely' | 'shop', db: Executor, ...args: A): Promise<QueryResult<R>> =>
    path === 'kysely' ? db.executeQuery(build(db, ...args).compile()) : once(db, ...args);
}

const addUser = statement(2, (db, username: string, at: number) =>
  db.insertInto('users').values({ username, username_key: username, password_hash: 'h', is_admin: 0, created_at: at }),
);
const grant = statement(2, (db, amount: number, id: number) =>
  db
    .updateTable('users')
    .set({ coin_balance: sql`coin_balance + ${amount}` })
    .where('id', '=', id),
);
const debit = statement(2, (db, amount: number, id: number) =>
  db
    .updateTable('users')
    .set({ coin_balance: sql`coin_balance - ${amount}` })
    .where('id', '=', id)
    .where('coin_balance', '>=', amount),
);
const ledgerRow = statement(4, (db, userId: number, amount: number, reference: string, at: number) =>
  db
    .insertInto('transactions')
    .values({ user_id: userId, type: 'action', amount, description: 'contract', reference, created_at: at }),
);
const userById = statement(1, (db, id: number) => db.selectFrom('users').selectAll().where('id', '=', id));
const balances = statement(0, (db) =>
  db
    .selectFrom('users')
    .leftJoin('transactions', 'transactions.user_id', 'users.id')
    .select((eb) => ['users.id', 'users.coin_balance', eb.fn.count<number>('transactions.id').as('entries')])
    .groupBy(['users.id', 'users.coin_balance'])
    .orderBy('users.id'),
);

async function script(path: 'kysely' | 'shop', db: Db) {
  const k = db.kysely;
  const results: Record<string, unknown> = {};
  results.alice = await addUser(path, k, 'alice', 1);
  results.bob = await addUser(path, k, 'bob', 1);
  results.grant = await grant(path, k, 100, 1);
  results.readAlice = await userById(path, k, 1);
  // The trigger's shape: a conditional debit, a ledger row, a read, in one transaction.
  results.trigger = await db.transaction(async (tx) => ({
    debited: await debit(path, tx, 30, 1),
    short: await debit(path, tx, 1_000, 2),
    ledger: await ledgerRow(path, tx, 1, -30, 'trigger-1', 2),
    viaBuilder: await tx.selectFrom('users').select(['id', 'coin_balance']).orderBy('id').execute(),
    isTransaction: tx.isTransaction,
  }));
  // A repeated reference fails the transaction: everything it did is rolled back.
  results.repeat = await db
    .transaction(async (tx) => {
      await debit(path, tx, 10, 1);
      await ledgerRow(path, tx, 1, -10, 'trigger-1', 3);
    })
    .then(
      () => 'committed',
      (error: { code?: string }) => error.code,
    );
  results.nested = await db.transaction(async (tx) => {
    try {
      await tx.transaction().execute(async () => undefined);
      return 'allowed';
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  });
  // Calls made one after another without waiting run in the order they were made, in and out of transactions.
  const calls: Promise<QueryResult<unknown>>[] = [];
  for (let i = 0; i < 6; i++) {
    const reference = `order-${i}`;
    calls.push(
      i % 2 === 0
        ? db.transaction((tx) => ledgerRow(path, tx, 2, 1, reference, 4))
        : ledgerRow(path, k, 2, 1, reference, 4),
    );
  }
  results.order = (await Promise.all(calls)).map((r) => r.insertId);
  results.balances = await balances(path, k);
  return results;
}

interface Side {
  db: Db;
  file: string;
  /** Every statement that reached SQLite, in order, BEGIN, COMMIT and ROLLBACK included. */
  statements: string[];
}

/** Kysely's own path: its SqliteDialect on a better-sqlite3 connection with the shop's settings. */
function kyselyPath(file: string): Side {
  const database = new SQLite(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  const statements: string[] = [];
  // Kysely's driver prepares every statement it runs, its transaction statements included.
  const prepare = database.prepare.bind(database);
  database.prepare = ((source: string) => {
    statements.push(source);
    return prepare(source);
  }) as typeof database.prepare;
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  const db: Db = {
    kysely,
    dialect: 'sqlite',
    transaction: (work) => kysely.transaction().execute(work),
    close: () => kysely.destroy(),
    failure: () => null,
  };
  return { db, file, statements };
}

/** The shop's path, as connect() opens it; `flushes` hears each WAL flush once it is on disk. */
function shopPath(file: string, flushed: () => void = () => {}): Side {
  const statements: string[] = [];
  const db = connect(
    { dialect: 'sqlite', file },
    {
      onQuery: (text) => statements.push(text),
      flushWal: async (flush) => {
        await flush();
        flushed();
      },
    },
  );
  return { db, file, statements };
}

/** What a fresh connection finds in the file: what survived the close. */
function onDisk(file: string) {
  const database = new SQLite(file, { readonly: true });
  try {
    return {
      users: database.prepare('select * from users order by id').all(),
      transactions: database.prepare('select * from transactions order by id').all(),
    };
  } finally {
    database.close();
  }
}

describe("the shop's SQLite path against Kysely's own", () => {
  const dirs: string[] = [];
  const tempFile = () => {
    const dir = mkdtempSync(join(tmpdir(), 'kysely-contract-'));
    dirs.push(dir);
    return join(dir, 'shop.sqlite');
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('gives the same results, runs the same statements in the same order, and leaves the same rows on disk', async () => {
    const kysely = kyselyPath(tempFile());
    const shop = shopPath(tempFile());
    for (const side of [kysely, shop]) {
      await migrateToLatest(side.db);
      side.statements.length = 0;
    }
    const expected = await script('kysely', kysely.db);
    const actual = await script('shop', shop.db);

    expect(actual).toEqual(expected);
    expect(expected.repeat).toBe('SQLITE_CONSTRAINT_UNIQUE');
    expect(expected.nested).toMatch(/not supported/);
    expect(expected.order).toEqual([2n, 3n, 4n, 5n, 6n, 7n]);
    expect(shop.statements.map(normalize)).toEqual(kysely.statements.map(normalize));
    expect(shop.statements).toContain('rollback');

    await kysely.db.close();
    await shop.db.close();
    const kept = onDisk(kysely.file);
    expect(onDisk(shop.file)).toEqual(kept);
    expect(kept.transactions.map((t) => (t as { reference: string }).reference)).toEqual([
      'trigger-1',
      ...[0, 1, 2, 3, 4, 5].map((i) => `order-${i}`),
    ]);
  });

  it('answers a commit only after the WAL flush that covers it', async () => {
    const events: string[] = [];
    const shop = shopPath(tempFile(), () => events.push('flushed'));
    await migrateToLatest(shop.db);
    events.length = 0;
    await shop.db.transaction((tx) => addUser('shop', tx, 'carol', 1)).then(() => events.push('answered'));
    await addUser('shop', shop.db.kysely, 'dave', 1).then(() => events.push('answered'));
    expect(events).toEqual(['flushed', 'answered', 'flushed', 'answered']);
    await shop.db.close();
    expect(onDisk(shop.file).users).toHaveLength(2);
  });

  it("knows each executor's dialect: named by the shop, asked of any other", async () => {
    const kysely = kyselyPath(':memory:');
    const shop = shopPath(':memory:');
    const mysql = new Kysely<Database>({
      dialect: new MysqlDialect({
        pool: async () => {
          throw new Error('never connects');
        },
      }),
    });
    // compiled-once.ts keeps one template per dialect: every executor must tell which it speaks.
    expect(dialectOf(shop.db.kysely)).toBe('sqlite');
    expect(dialectOf(kysely.db.kysely)).toBe('sqlite');
    expect(dialectOf(mysql)).toBe('mysql');
    await shop.db.transaction(async (tx) => {
      expect(dialectOf(tx)).toBe('sqlite');
      expect(tx.isTransaction).toBe(true);
    });
    await kysely.db.transaction(async (tx) => expect(dialectOf(tx)).toBe('sqlite'));
    await kysely.db.close();
    await shop.db.close();
  });

  it("sends repositories' row locks to MySQL only: SQLite's one writer needs none", async () => {
    const shop = shopPath(':memory:');
    await migrateToLatest(shop.db);
    await addUser('shop', shop.db.kysely, 'erin', 1);
    const locked = statement(1, (db, id: number) =>
      db.selectFrom('users').select('username').where('id', '=', id).forUpdate().skipLocked(),
    );
    shop.statements.length = 0;
    const rows = await shop.db.transaction(async (tx) => [
      ...(await tx.selectFrom('users').select('username').where('id', '=', 1).forUpdate().execute()),
      ...(await locked('shop', tx, 1)).rows,
    ]);
    expect(rows).toEqual([{ username: 'erin' }, { username: 'erin' }]);
    expect(shop.statements.join('\n')).not.toMatch(/for update|skip locked/i);
    const mysql = new Kysely<Database>({
      dialect: new MysqlDialect({
        pool: async () => {
          throw new Error('never connects');
        },
      }),
    });
    expect(mysql.selectFrom('users').select('id').forUpdate().skipLocked().compile().sql).toMatch(
      /for update skip locked$/,
    );
    await shop.db.close();
  });
});

/** Kysely's path prepares `begin` where the shop runs it from its statement cache: the text is what counts. */
function normalize(text: string): string {
  return text.trim().toLowerCase();
}
