import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connect } from './connect';
import { StatementCache, sharedSqliteDialects } from './sqlite-share';
import { WalSync } from './wal-sync';

describe('the SQLite statement cache', () => {
  it('prepares a statement once per SQL text and keeps at most its limit, least recently used out first', () => {
    const database = new SQLite(':memory:');
    const cache = new StatementCache(database, 2);
    const one = cache.prepare('select 1');
    expect(cache.prepare('select 1')).toBe(one);
    cache.prepare('select 2');
    cache.prepare('select 1'); // now the most recently used
    cache.prepare('select 3'); // pushes out 'select 2'
    expect(cache.size).toBe(2);
    expect(cache.prepare('select 1')).toBe(one);
    database.close();
  });
});

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
    const kysely = new Kysely<Record<string, never>>({ dialect: sharedSqliteDialects(database, wal).main });
    // The table's own commit waits for a flush too: let it through.
    const created = sql`create table coins (amount integer)`.execute(kysely);
    await new Promise((r) => setImmediate(r));
    flushes.shift()?.();
    await created;

    const order: string[] = [];
    const credit = kysely
      .transaction()
      .execute((tx) => sql`insert into coins (amount) values (5)`.execute(tx))
      .then(() => order.push('credit answered'));
    await new Promise((r) => setImmediate(r));
    expect(flushes).toHaveLength(1);
    // Committed and visible on the connection, but nobody is told until the WAL is on disk, and the
    // read that sees it waits for the same flush: no reply shows what a power cut could undo.
    const read = sql<{ total: number }>`select sum(amount) as total from coins`
      .execute(kysely)
      .then((result) => order.push(`read ${result.rows[0]?.total}`));
    // The connection is not held through a flush: a second credit commits meanwhile.
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
