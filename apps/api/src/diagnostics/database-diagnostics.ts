import { statSync } from 'node:fs';
import { type Db, findLedgerProblems } from '@shop/db';
import {
  ADMIN_TOOLS_MSG,
  MYSQL_CONNECT_TIMEOUT_MS,
  type TConnectionConfig,
  type TDiagnosticsDetails,
  type TDiagnosticsResult,
  type TLedgerCheck,
  type TMysqlConnectionParsed,
} from '@shop/domain';
import { sql } from 'kysely';
import { serverEnvironment } from './environment';
import { configOfTarget, configOfUrl, type MysqlTarget, scrubbedMessage, withMysqlConnection } from './mysql-client';
import type { RunSql } from './table-report';
import { tableReport } from './table-report';
import { tcpProbe } from './tcp-probe';

/** At most this many broken users are listed; the count says the rest. */
const LEDGER_PROBLEMS_SHOWN = 50;

export interface DiagnosticsOptions {
  /** Connect and statement timeout; 5 s unless a test wants it shorter. */
  timeoutMs?: number;
}

export function runOn(db: Db): RunSql {
  return async (statement) => (await sql.raw<Record<string, unknown>>(statement).execute(db.kysely)).rows;
}

function emptyDetails(dialect: 'mysql' | 'sqlite'): TDiagnosticsDetails {
  return {
    dialect,
    config: null,
    file: null,
    serverVersion: null,
    tables: [],
    tableCounts: {},
    environment: serverEnvironment(),
    network: null,
    ledger: null,
  };
}

async function ledgerCheck(db: Db): Promise<TLedgerCheck> {
  const problems = await findLedgerProblems(db.kysely);
  return { ok: problems.length === 0, problems: problems.slice(0, LEDGER_PROBLEMS_SHOWN) };
}

/**
 * What the shop's own MySQL connection is, without the password. From DATABASE_URL when it is a
 * mysql:// URL; a database handed in some other way (tests) is asked who and where it is.
 */
export async function configuredMysqlConfig(db: Db, databaseUrl: string): Promise<TConnectionConfig> {
  if (databaseUrl.startsWith('mysql://')) return configOfUrl(databaseUrl);
  const [row] = (
    await sql<{ db: string | null; u: string; p: number; h: string }>`
      SELECT DATABASE() AS db, CURRENT_USER() AS u, @@port AS p, @@hostname AS h`.execute(db.kysely)
  ).rows;
  return {
    host: row?.h ?? 'unknown',
    port: Number(row?.p ?? 3306),
    user: (row?.u ?? '').split('@')[0] ?? '',
    database: row?.db ?? '',
  };
}

async function sqliteFile(db: Db): Promise<{ path: string; sizeBytes: number | null }> {
  const rows = (await sql<{ name: string; file: string }>`PRAGMA database_list`.execute(db.kysely)).rows;
  const path = rows.find((r) => r.name === 'main')?.file ?? '';
  if (!path) return { path: ':memory:', sizeBytes: null };
  try {
    return { path, sizeBytes: statSync(path).size };
  } catch {
    return { path, sizeBytes: null };
  }
}

/** A failure of the shop's own database, with DATABASE_URL's password (if any) cut out. */
export function configuredErrorText(error: unknown, databaseUrl: string): string {
  if (databaseUrl.startsWith('mysql://')) return scrubbedMessage(error, { kind: 'url', url: databaseUrl });
  return error instanceof Error ? error.message : String(error);
}

/** GET /api/db-diagnostics: the database the shop runs on, SQLite or MySQL, plus the ledger check. */
export async function diagnoseConfigured(
  db: Db,
  databaseUrl: string,
  options: DiagnosticsOptions = {},
): Promise<TDiagnosticsResult> {
  const timeoutMs = options.timeoutMs ?? MYSQL_CONNECT_TIMEOUT_MS;
  const details = emptyDetails(db.dialect);
  try {
    if (db.dialect === 'sqlite') {
      details.file = await sqliteFile(db);
    } else {
      details.config = await configuredMysqlConfig(db, databaseUrl);
      details.network = await tcpProbe(details.config.host, details.config.port, timeoutMs);
    }
    Object.assign(details, await tableReport(runOn(db), db.dialect));
    details.ledger = await ledgerCheck(db);
    const ledgerNote = details.ledger.ok ? 'ledger consistent' : 'LEDGER MISMATCH: see ledger.problems';
    return {
      success: true,
      message: `${details.tables.length} tables on ${db.dialect === 'mysql' ? 'MySQL' : 'SQLite'} ${details.serverVersion}; ${ledgerNote}`,
      error: null,
      details,
    };
  } catch (error) {
    return {
      success: false,
      message: ADMIN_TOOLS_MSG.diagnosticsFailed,
      error: configuredErrorText(error, databaseUrl),
      details,
    };
  }
}

/** POST /api/db-diagnostics: another MySQL server, reached with the form's credentials. */
export async function diagnoseCustom(
  input: TMysqlConnectionParsed,
  options: DiagnosticsOptions = {},
): Promise<TDiagnosticsResult> {
  const timeoutMs = options.timeoutMs ?? MYSQL_CONNECT_TIMEOUT_MS;
  const target: MysqlTarget = { kind: 'fields', ...input };
  const details = emptyDetails('mysql');
  details.config = configOfTarget(target);
  details.network = await tcpProbe(input.host, input.port, timeoutMs);
  try {
    const report = await withMysqlConnection(target, timeoutMs, (run) => tableReport(run, 'mysql'));
    Object.assign(details, report);
    return {
      success: true,
      message: `Connected to MySQL ${report.serverVersion}; ${report.tables.length} tables`,
      error: null,
      details,
    };
  } catch (error) {
    return {
      success: false,
      message: ADMIN_TOOLS_MSG.connectionFailed,
      error: scrubbedMessage(error, target),
      details,
    };
  }
}
