import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { StatementCache } from './statement-cache';

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
