import type { TConnectionConfig } from '@shop/domain';
import type { Connection } from 'mysql2/promise';
import type { RunSql } from './table-report';

/** A MySQL server to reach: either the parts of a form or the configured DATABASE_URL. */
export type MysqlTarget =
  | { kind: 'fields'; host: string; port: number; user: string; password: string; database: string }
  | { kind: 'url'; url: string };

/** The parts of a mysql:// URL a person may see: everything but the password. */
export function configOfUrl(url: string): TConnectionConfig {
  const u = new URL(url);
  return {
    host: u.hostname.replace(/^\[|\]$/g, ''),
    port: u.port ? Number(u.port) : 3306,
    user: decodeURIComponent(u.username),
    database: decodeURIComponent(u.pathname.replace(/^\//, '')),
  };
}

export function configOfTarget(target: MysqlTarget): TConnectionConfig {
  if (target.kind === 'url') return configOfUrl(target.url);
  return { host: target.host, port: target.port, user: target.user, database: target.database };
}

function passwordOf(target: MysqlTarget): string {
  if (target.kind === 'fields') return target.password;
  return decodeURIComponent(new URL(target.url).password);
}

/**
 * An error's text with the password cut out. mysql2 does not put passwords into its messages, but a
 * driver or server change must not be able to echo one to the browser. Very short passwords are
 * left alone: cutting every 'a' out of a message would hide the message, not a secret.
 */
export function scrubbedMessage(error: unknown, target: MysqlTarget): string {
  let text = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string' && !text.includes(code)) text = `${code}: ${text}`;
  const password = passwordOf(target);
  if (password.length >= 3) text = text.split(password).join('***');
  if (target.kind === 'url') text = text.split(target.url).join('mysql://***');
  return text || 'Unknown error';
}

/**
 * Opens one connection (not a pool) with a connect timeout, runs `work`, and always closes it.
 * Every statement carries the same timeout, so a server that accepts and then stalls still answers
 * within a bounded time. LOCAL INFILE is switched off: the other server is not ours to trust.
 */
export async function withMysqlConnection<T>(
  target: MysqlTarget,
  timeoutMs: number,
  work: (run: RunSql) => Promise<T>,
): Promise<T> {
  // Loaded on first use: the driver stays out of a SQLite shop's memory.
  const { createConnection } = await import('mysql2/promise');
  const common = { connectTimeout: timeoutMs, flags: ['-LOCAL_FILES'], decimalNumbers: true };
  const connection: Connection =
    target.kind === 'url'
      ? await createConnection({ uri: target.url, ...common })
      : await createConnection({
          host: target.host,
          port: target.port,
          user: target.user,
          password: target.password,
          database: target.database || undefined,
          ...common,
        });
  // A refused or dropped connection after the handshake must not become an unhandled 'error' event.
  connection.on('error', () => {});
  try {
    return await work(async (statement) => {
      const [rows] = await connection.query({ sql: statement, timeout: timeoutMs });
      return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
    });
  } finally {
    connection.destroy();
  }
}
