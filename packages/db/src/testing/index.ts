import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnection } from 'mysql2/promise';
import { connect, type Db, type DialectName, migrateToLatest } from '../connect';
import { findLedgerProblems } from '../repositories/ledger';

export { assertDailyTotalsMatchRecount, type DailyTotalsDrift, findDailyTotalsDrift } from './daily-totals';

/**
 * The dialects a test file runs on: SQLite always, MySQL whenever TEST_MYSQL_URL is set.
 * Under CI=true MySQL is mandatory: a missing URL fails loudly instead of skipping.
 */
export function testDialects(): DialectName[] {
  if (process.env.TEST_MYSQL_URL) return ['sqlite', 'mysql'];
  if (process.env.CI === 'true') {
    throw new Error('CI=true but TEST_MYSQL_URL is not set: MySQL tests must run in CI');
  }
  return ['sqlite'];
}

export interface TestDb extends Db {
  /** The connection URL of a MySQL test database (null for SQLite), for tools that bring their own client. */
  url: string | null;
  /** Drops the throw-away database; call in afterAll. */
  destroy(): Promise<void>;
}

/** A fresh, migrated, empty database of the given dialect that nothing else uses. */
export async function createTestDb(dialect: DialectName): Promise<TestDb> {
  const suffix = `${process.pid}_${randomBytes(4).toString('hex')}`;
  if (dialect === 'sqlite') {
    const file = join(tmpdir(), `shop_test_${suffix}.sqlite`);
    const db = connect({ dialect: 'sqlite', file });
    await migrateToLatest(db);
    return {
      ...db,
      url: null,
      destroy: async () => {
        await db.close();
        for (const ext of ['', '-wal', '-shm']) rmSync(`${file}${ext}`, { force: true });
      },
    };
  }
  const baseUrl = process.env.TEST_MYSQL_URL;
  if (!baseUrl) throw new Error('TEST_MYSQL_URL is not set');
  const name = `shop_test_${suffix}`;
  const admin = await createConnection(baseUrl);
  await admin.query(`CREATE DATABASE \`${name}\``);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const db = connect({ dialect: 'mysql', url: url.toString() }, { poolSize: 20 });
  await migrateToLatest(db);
  return {
    ...db,
    url: url.toString(),
    destroy: async () => {
      await db.close();
      const conn = await createConnection(baseUrl);
      await conn.query(`DROP DATABASE IF EXISTS \`${name}\``);
      await conn.end();
    },
  };
}

/** Throws with the offending users when any balance differs from its ledger or is negative. */
export async function assertLedgerInvariant(db: Db): Promise<void> {
  const problems = await findLedgerProblems(db.kysely);
  if (problems.length > 0) {
    throw new Error(`ledger invariant broken: ${JSON.stringify(problems)}`);
  }
}
