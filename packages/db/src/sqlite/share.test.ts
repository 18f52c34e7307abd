import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql, type Transaction } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compiledOnce } from '../compiled-once';
import { connect } from '../connect';
import type { TransactionRunner } from '../db';
import type { Executor } from '../executor';
import { shareSqlite } from './share';
import { WalSync } from './wal-sync';

/** Transactions as open.ts runs them on the share: Kysely's own, the driver taking the turn. */
function transactionsOf<DB>(kysely: Kysely<DB>): TransactionRunner<DB> {
  return (work) => kysely.transaction().execute(work);
}

describe('the shared SQLite connection', () => {
  it("gives the worker's share the connection before requests that were already waiting", async () => {
    const db = connect({ dialect: 'sqlite', file: ':memory:' });
    const worker = db.worker;
    if (!worker) throw new Error('no worker share');
    const order: string[] = [];
    // A transaction holds the one connection; two requests and then the worker queue up behind it.
    let release = () => {};
    const held = db.kysely.transaction().execute(async (tx) => {
      await sql`select 1`.execute(tx);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await new Promise((r) => setImmediate(r));
    const waiting = [
      sql`select 1`.execute(db.kysely).then(() => order.push('request 1')),
      sql`select 1`.execute(db.kysely).then(() => order.push('request 2')),
      sql`select 1`.execute(worker.kysely).then(() => order.push('worker')),
    ];
    await new Promise((r) => setImmediate(r));
    release();
    await Promise.all([held, ...waiting]);
    expect(order).toEqual(['worker', 'request 1', 'request 2']);
    await db.close();
  });
});

describe('commits on a database file', () => {
  it('are handed back only once on disk, while the connection serves the next caller meanwhile', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sqlite-share-'));
    const database = new SQLite(join(dir, 'shop.sqlite'));
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
    const flushes: (() => void)[] = [];
    const wal = new WalSync(() => new Promise<void>((resolve) => flushes.push(resolve)));
    const share = shareSqlite(database, { wal });
    const kysely = new Kysely<Record<string, never>>({ dialect: share.main });
    const transaction = transactionsOf(kysely);
    // The table's own commit waits for a flush too: let it through.
    const created = sql`create table coins (amount integer)`.execute(kysely);
    await new Promise((r) => setImmediate(r));
    flushes.shift()?.();
    await created;

    const order: string[] = [];
    const credit = transaction((tx) => sql`insert into coins (amount) values (5)`.execute(tx)).then(() =>
      order.push('credit answered'),
    );
    await new Promise((r) => setImmediate(r));
    expect(flushes).toHaveLength(1);
    // Committed and visible on the connection, but nobody is told until the WAL is on disk, and the
    // read that sees it waits for the same flush: no reply shows what a power cut could undo.
    const read = sql<{ total: number }>`select sum(amount) as total from coins`
      .execute(kysely)
      .then((result) => order.push(`read ${result.rows[0]?.total}`));
    // The connection is not held through a flush: a second credit (through Kysely's own
    // transaction this time) commits meanwhile.
    const second = kysely
      .transaction()
      .execute((tx) => sql`insert into coins (amount) values (7)`.execute(tx))
      .then(() => order.push('second credit answered'));
    await new Promise((r) => setImmediate(r));
    expect(database.prepare('select sum(amount) as total from coins').get()).toEqual({ total: 12 });
    expect(order).toEqual([]);
    flushes.shift()?.();
    await Promise.all([credit, read]);
    expect(order).toEqual(['credit answered', 'read 5']);
    // The second commit was written after that flush began: it needs one of its own.
    expect(flushes).toHaveLength(1);
    flushes.shift()?.();
    await second;
    expect(order).toEqual(['credit answered', 'read 5', 'second credit answered']);

    await kysely.destroy();
    database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('run with synchronous = NORMAL only where the shop syncs the WAL itself', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sqlite-share-'));
    const onFile = connect({ dialect: 'sqlite', file: join(dir, 'shop.sqlite') });
    const inMemory = connect({ dialect: 'sqlite', file: ':memory:' });
    const synchronous = async (db: typeof onFile) =>
      (await sql<{ synchronous: number }>`pragma synchronous`.execute(db.kysely)).rows[0]?.synchronous;
    // 1 is NORMAL, 2 is FULL (SQLite's default).
    expect(await synchronous(onFile)).toBe(1);
    expect(await synchronous(inMemory)).toBe(2);
    await sql`create table t (a integer)`.execute(onFile.kysely);
    await onFile.kysely.transaction().execute((tx) => sql`insert into t (a) values (1)`.execute(tx));
    await onFile.close();
    await inMemory.close();
    // Reopened: what was answered is there.
    const again = new SQLite(join(dir, 'shop.sqlite'));
    expect(again.prepare('select a from t').all()).toEqual([{ a: 1 }]);
    again.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('after a WAL flush fails', () => {
  it('refuses every later statement and transaction, so nothing more is committed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sqlite-fail-stop-'));
    const file = join(dir, 'shop.sqlite');
    const database = new SQLite(file);
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
    // The disk fails one flush, then reports success again: that later success must not be believed.
    let flushes = 0;
    const wal = new WalSync(async () => {
      flushes++;
      if (flushes === 2) throw Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
    });
    const share = shareSqlite(database, { wal });
    type Coins = { coins: { amount: number } };
    const kysely = new Kysely<Coins>({ dialect: share.main });
    const worker = new Kysely<Coins>({ dialect: share.worker });
    const transaction = transactionsOf(kysely);
    const stopped = 'The database could not write to disk; the shop stopped taking changes';
    await sql`create table coins (amount integer not null)`.execute(kysely);
    await expect(transaction((tx) => tx.insertInto('coins').values({ amount: 5 }).execute())).rejects.toThrow(stopped);
    expect(wal.failure?.message).toMatch(stopped);

    // Every way in is refused: our transactions, Kysely's, a statement on its own, a query compiled
    // once, the worker's share, and reads (they would show what may not be on disk).
    const insert = compiledOnce(1, (db, amount: number) =>
      (db as unknown as Kysely<Coins>).insertInto('coins').values({ amount }),
    );
    await expect(transaction((tx) => tx.insertInto('coins').values({ amount: 7 }).execute())).rejects.toThrow(stopped);
    await expect(
      kysely.transaction().execute((tx) => tx.insertInto('coins').values({ amount: 11 }).execute()),
    ).rejects.toThrow(stopped);
    await expect(kysely.insertInto('coins').values({ amount: 13 }).execute()).rejects.toThrow(stopped);
    await expect(insert(kysely as unknown as Executor, 17)).rejects.toThrow(stopped);
    await expect(worker.insertInto('coins').values({ amount: 19 }).execute()).rejects.toThrow(stopped);
    await expect(kysely.selectFrom('coins').selectAll().execute()).rejects.toThrow(stopped);
    expect(database.prepare('select amount from coins').all()).toEqual([{ amount: 5 }]);
    expect(database.inTransaction).toBe(false);
    // No flush is tried again either: a success after a failure proves nothing.
    expect(flushes).toBe(2);

    await Promise.all([kysely.destroy(), worker.destroy()]);
    await wal.idle();
    database.close();
    // What a fresh connection finds in the file: the commit written before the flush failed (its
    // caller was told it failed, as its durability is unknown) and nothing after it.
    const again = new SQLite(file);
    expect(again.prepare('select amount from coins').all()).toEqual([{ amount: 5 }]);
    again.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stop the whole Db from connect(), its worker share included, and say why', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sqlite-fail-stop-'));
    const file = join(dir, 'shop.sqlite');
    let failNext = false;
    const db = connect(
      { dialect: 'sqlite', file },
      {
        flushWal: (flushFile) => {
          if (!failNext) return flushFile();
          failNext = false;
          return Promise.reject(new Error('EIO'));
        },
      },
    );
    await sql`create table t (a integer)`.execute(db.kysely);
    expect(db.failure()).toBeNull();
    failNext = true;
    await expect(db.transaction((tx) => sql`insert into t (a) values (1)`.execute(tx))).rejects.toThrow(
      'The database could not write to disk',
    );
    expect(db.failure()?.message).toMatch('the shop stopped taking changes');
    expect(db.worker?.failure()).toBe(db.failure());
    await expect(sql`insert into t (a) values (2)`.execute(db.kysely)).rejects.toThrow(
      'The database could not write to disk',
    );
    await expect(db.worker?.transaction((tx) => sql`insert into t (a) values (3)`.execute(tx))).rejects.toThrow(
      'The database could not write to disk',
    );
    await db.close();
    const again = new SQLite(file);
    expect(again.prepare('select a from t').all()).toEqual([{ a: 1 }]);
    again.close();
    // An in-memory database has no WAL of ours to fail.
    const inMemory = connect({ dialect: 'sqlite', file: ':memory:' });
    expect(inMemory.failure()).toBeNull();
    await inMemory.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('a transaction open when the flush fails is rolled back, not committed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sqlite-fail-stop-'));
    const file = join(dir, 'shop.sqlite');
    const database = new SQLite(file);
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
    const pending: { resolve: () => void; reject: (error: Error) => void }[] = [];
    const wal = new WalSync(() => new Promise<void>((resolve, reject) => pending.push({ resolve, reject })));
    const share = shareSqlite(database, { wal });
    const kysely = new Kysely<{ coins: { amount: number } }>({ dialect: share.main });
    const transaction = transactionsOf(kysely);
    const created = sql`create table coins (amount integer not null)`.execute(kysely);
    await new Promise((r) => setImmediate(r));
    pending.shift()?.resolve();
    await created;

    const credit = transaction((tx) => tx.insertInto('coins').values({ amount: 5 }).execute());
    await new Promise((r) => setImmediate(r));
    // A second transaction has written but not yet committed when the first one's flush fails.
    let finish = () => {};
    const open = transaction(async (tx) => {
      await tx.insertInto('coins').values({ amount: 7 }).execute();
      await new Promise<void>((resolve) => {
        finish = resolve;
      });
    });
    await new Promise((r) => setImmediate(r));
    pending.shift()?.reject(new Error('EIO'));
    await expect(credit).rejects.toThrow('The database could not write to disk');
    finish();
    await expect(open).rejects.toThrow('The database could not write to disk');
    expect(database.prepare('select amount from coins').all()).toEqual([{ amount: 5 }]);
    expect(database.inTransaction).toBe(false);

    await kysely.destroy();
    await wal.idle();
    database.close();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('transactions on the shared connection', () => {
  async function setUp() {
    const database = new SQLite(':memory:');
    const statements: string[] = [];
    const share = shareSqlite(database, { onQuery: (text) => statements.push(text) });
    const kysely = new Kysely<{ coins: { amount: number } }>({ dialect: share.main });
    await sql`create table coins (amount integer not null check (amount > 0))`.execute(kysely);
    const total = async () =>
      Number(
        (await sql<{ total: number }>`select coalesce(sum(amount), 0) as total from coins`.execute(kysely)).rows[0]
          ?.total,
      );
    return { database, statements, kysely, transaction: transactionsOf(kysely), total };
  }

  it('commits what the work did and reports every statement, BEGIN and COMMIT included', async () => {
    const { database, statements, kysely, transaction, total } = await setUp();
    statements.length = 0;
    const id = await transaction(async (tx) => {
      await tx.insertInto('coins').values({ amount: 5 }).execute();
      return 'done';
    });
    expect(id).toBe('done');
    expect(statements).toEqual(['begin', 'insert into "coins" ("amount") values (?)', 'commit']);
    expect(await total()).toBe(5);
    await kysely.destroy();
    database.close();
  });

  it('rolls everything back when the work throws, and refuses queries once it is over', async () => {
    const { database, kysely, transaction, total } = await setUp();
    await expect(
      transaction(async (tx) => {
        await tx.insertInto('coins').values({ amount: 5 }).execute();
        await tx.insertInto('coins').values({ amount: -1 }).execute();
      }),
    ).rejects.toThrow(/CHECK constraint failed/);
    expect(await total()).toBe(0);
    expect(database.inTransaction).toBe(false);

    let leaked: Parameters<Parameters<typeof transaction>[0]>[0] | undefined;
    await transaction(async (tx) => {
      leaked = tx;
    });
    await expect(leaked?.insertInto('coins').values({ amount: 1 }).execute()).rejects.toThrow(
      'Transaction is already committed',
    );
    expect(await total()).toBe(0);
    await kysely.destroy();
    database.close();
  });

  it('takes its turn: a transaction waits while another holds the connection', async () => {
    const { database, kysely, transaction } = await setUp();
    const order: string[] = [];
    let release = () => {};
    const first = transaction(async (tx) => {
      await tx.insertInto('coins').values({ amount: 1 }).execute();
      order.push('first in');
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      order.push('first out');
    });
    await new Promise((r) => setImmediate(r));
    const second = transaction(async (tx) => {
      order.push('second in');
      await tx.insertInto('coins').values({ amount: 2 }).execute();
    });
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['first in']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first in', 'first out', 'second in']);
    await kysely.destroy();
    database.close();
  });
});

describe('queries compiled once on the shared connection', () => {
  type Coins = { coins: { amount: number } };
  async function setUp(wal?: WalSync, file = ':memory:') {
    const database = new SQLite(file);
    if (wal) {
      database.pragma('journal_mode = WAL');
      database.pragma('synchronous = NORMAL');
    }
    const statements: string[] = [];
    const share = shareSqlite(database, { wal, onQuery: (text) => statements.push(text) });
    const kysely = new Kysely<Coins>({ dialect: share.main });
    const created = sql`create table coins (amount integer not null check (amount > 0))`.execute(kysely);
    return { database, statements, kysely, transaction: transactionsOf(kysely), created };
  }
  // compiledOnce is typed for the shop's schema; these tests bring a table of their own.
  const shop = (db: Kysely<Coins> | Transaction<Coins>) => db as unknown as Executor;
  const own = (db: Executor) => db as unknown as Kysely<Coins>;
  const insert = compiledOnce(1, (db, amount: number) => own(db).insertInto('coins').values({ amount }));
  const total = compiledOnce(0, (db) =>
    own(db)
      .selectFrom('coins')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total')),
  );
  const add = (db: Kysely<Coins> | Transaction<Coins>, amount: number) => insert(shop(db), amount);
  const sum = async (db: Kysely<Coins>) => Number((await total(shop(db))).rows[0]?.total);

  it('run in the transaction they are given, roll back with it, and are refused once it is over', async () => {
    const { database, statements, kysely, transaction, created } = await setUp();
    await created;
    statements.length = 0;
    await transaction(async (tx) => {
      expect(Number((await add(tx, 5)).insertId)).toBe(1);
    });
    expect(statements).toEqual(['begin', 'insert into "coins" ("amount") values (?)', 'commit']);
    await expect(
      transaction(async (tx) => {
        await add(tx, 2);
        await add(tx, -1);
      }),
    ).rejects.toThrow(/CHECK constraint failed/);
    expect(await sum(kysely)).toBe(5);
    expect(database.inTransaction).toBe(false);

    let leaked: Transaction<Coins> | undefined;
    await transaction(async (tx) => {
      leaked = tx;
    });
    if (!leaked) throw new Error('no transaction');
    await expect(add(leaked, 1)).rejects.toThrow('Transaction is already committed');
    expect(await sum(kysely)).toBe(5);
    await kysely.destroy();
    database.close();
  });

  it('outside a transaction, wait their turn: nothing reads or joins a transaction still open', async () => {
    const { database, kysely, transaction, created } = await setUp();
    await created;
    const order: string[] = [];
    let release = () => {};
    // The connection would show the open transaction's row to anyone reading on it, and a write
    // slipped in would be rolled back with it.
    const open = transaction(async (tx) => {
      await add(tx, 3);
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      throw new Error('changed my mind');
    });
    await new Promise((r) => setImmediate(r));
    const read = sum(kysely).then((n) => order.push(`read ${n}`));
    const write = add(kysely, 4).then(() => order.push('write'));
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual([]);
    release();
    await expect(open).rejects.toThrow('changed my mind');
    await Promise.all([read, write]);
    expect(order.sort()).toEqual(['read 0', 'write']);
    expect(await sum(kysely)).toBe(4);
    await kysely.destroy();
    database.close();
  });

  it('answer only once every commit before them is on disk, and give the turn on meanwhile', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sqlite-direct-'));
    const flushes: (() => void)[] = [];
    const wal = new WalSync(() => new Promise<void>((resolve) => flushes.push(resolve)));
    const { database, kysely, transaction, created } = await setUp(wal, join(dir, 'shop.sqlite'));
    await new Promise((r) => setImmediate(r));
    flushes.shift()?.();
    await created;

    const order: string[] = [];
    const credit = transaction((tx) => add(tx, 5)).then(() => order.push('credit answered'));
    await new Promise((r) => setImmediate(r));
    const read = sum(kysely).then((n) => order.push(`read ${n}`));
    // A write on its own commits itself, and is answered after a flush that began after it.
    const alone = add(kysely, 2).then(() => order.push('write answered'));
    await new Promise((r) => setImmediate(r));
    expect(database.prepare('select sum(amount) as total from coins').get()).toEqual({ total: 7 });
    expect(order).toEqual([]);
    flushes.shift()?.();
    await Promise.all([credit, read]);
    expect(order).toEqual(['credit answered', 'read 5']);
    flushes.shift()?.();
    await alone;
    expect(order).toEqual(['credit answered', 'read 5', 'write answered']);
    await kysely.destroy();
    database.close();
    rmSync(dir, { recursive: true, force: true });
  });
});
