import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connect } from './connect';
import { StatementCache } from './sqlite-share';

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
