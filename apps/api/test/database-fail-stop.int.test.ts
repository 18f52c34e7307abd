import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, migrateToLatest } from '@shop/db';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { testConfig } from './helpers';

// SQLite only: the WAL flush that can fail is the shop's own there; a MySQL server keeps its own
// promises of durability, and its health is the server's to report.
describe('a shop whose SQLite WAL flush fails', () => {
  const dir = mkdtempSync(join(tmpdir(), 'shop-fail-stop-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('stops taking changes, commits nothing more and answers /healthz as unhealthy', async () => {
    const file = join(dir, 'shop.sqlite');
    let failNext = false;
    const db = connect(
      { dialect: 'sqlite', file },
      {
        flushWal: (flushFile) => {
          if (!failNext) return flushFile();
          failNext = false;
          return Promise.reject(Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' }));
        },
      },
    );
    await migrateToLatest(db);
    const { app } = await buildApp(testConfig(), { db });
    await app.ready();
    const register = (username: string) =>
      app.inject({ method: 'POST', url: '/api/register', payload: { username, password: 'secret123' } });

    expect((await app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await register('before')).statusCode).toBe(200);

    failNext = true;
    expect((await register('during')).statusCode).toBe(500);
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toEqual({
      status: 'error',
      message:
        'The database could not write to disk; the shop stopped taking changes. Restart it once the disk is healthy.',
    });
    // The disk answers again, but nothing after the failed flush may be committed.
    expect((await register('after')).statusCode).toBe(500);

    await app.close();
    await db.close();
    // Read back through a fresh connection: what the file holds, not what the stopped one saw.
    const again = connect({ dialect: 'sqlite', file });
    const names = (await again.kysely.selectFrom('users').select('username').execute()).map((u) => u.username);
    await again.close();
    expect(names).toContain('before');
    expect(names).not.toContain('after');
  });
});
