import type { Db } from '@shop/db';
import {
  ADMIN_TOOLS_MSG,
  MYSQL_CONNECT_TIMEOUT_MS,
  type TMysqlConnectionParsed,
  type TMysqlTestResult,
} from '@shop/domain';
import { configuredErrorText, configuredMysqlConfig, runOn } from './database-diagnostics';
import { configOfTarget, type MysqlTarget, scrubbedMessage, withMysqlConnection } from './mysql-client';
import type { RunSql } from './table-report';

async function version(run: RunSql): Promise<string> {
  const [row] = await run('SELECT VERSION() AS v');
  const value = row ? Object.values(row)[0] : undefined;
  return String(value ?? 'unknown');
}

async function attempt(
  target: MysqlTarget,
  timeoutMs: number,
  config: TMysqlTestResult['config'],
): Promise<TMysqlTestResult> {
  try {
    const v = await withMysqlConnection(target, timeoutMs, version);
    return { success: true, applicable: true, message: `Connected to MySQL ${v}`, error: null, config };
  } catch (error) {
    return {
      success: false,
      applicable: true,
      message: ADMIN_TOOLS_MSG.mysqlFailed,
      error: scrubbedMessage(error, target),
      config,
    };
  }
}

/**
 * GET /api/mysql-test: a fresh connection with DATABASE_URL's credentials (not the pool), so a
 * password or grant changed since start-up shows up here before the pool's next reconnect.
 */
export async function testConfiguredMysql(
  db: Db,
  databaseUrl: string,
  timeoutMs = MYSQL_CONNECT_TIMEOUT_MS,
): Promise<TMysqlTestResult> {
  if (databaseUrl.startsWith('mysql://')) {
    const target: MysqlTarget = { kind: 'url', url: databaseUrl };
    return attempt(target, timeoutMs, configOfTarget(target));
  }
  if (db.dialect === 'mysql') {
    // A database handed in without a URL (tests): its own pool is the only way to it.
    const config = await configuredMysqlConfig(db, databaseUrl);
    try {
      return {
        success: true,
        applicable: true,
        message: `Connected to MySQL ${await version(runOn(db))}`,
        error: null,
        config,
      };
    } catch (error) {
      const text = configuredErrorText(error, databaseUrl);
      return { success: false, applicable: true, message: ADMIN_TOOLS_MSG.mysqlFailed, error: text, config };
    }
  }
  return {
    success: false,
    applicable: false,
    message: 'The shop runs on SQLite: DATABASE_URL is not a mysql:// URL, so there is no MySQL connection to test.',
    error: null,
    config: null,
  };
}

/** POST /api/mysql-test: the form's credentials; the reply names host, port, user and database only. */
export function testCustomMysql(
  input: TMysqlConnectionParsed,
  timeoutMs = MYSQL_CONNECT_TIMEOUT_MS,
): Promise<TMysqlTestResult> {
  const target: MysqlTarget = { kind: 'fields', ...input };
  return attempt(target, timeoutMs, configOfTarget(target));
}
