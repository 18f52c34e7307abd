/** One SQL statement in, its rows out: the configured Kysely database and a custom mysql2 connection both fit. */
export type RunSql = (statement: string) => Promise<Record<string, unknown>[]>;

export interface TableReport {
  serverVersion: string;
  tables: string[];
  tableCounts: Record<string, number>;
}

const quoteMysql = (name: string) => `\`${name.replaceAll('`', '``')}\``;
const quoteSqlite = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Column names come back in whatever case the server likes (MySQL 8 upper-cases information_schema). */
function field(row: Record<string, unknown> | undefined, name: string): unknown {
  if (!row) return undefined;
  const key = Object.keys(row).find((k) => k.toLowerCase() === name);
  return key === undefined ? undefined : row[key];
}

/**
 * Version, tables and a row count per table. Table names come from the catalogue, never from a
 * request, and are quoted as identifiers, so no input reaches the counting statements.
 */
export async function tableReport(run: RunSql, dialect: 'mysql' | 'sqlite'): Promise<TableReport> {
  const version = dialect === 'mysql' ? await run('SELECT VERSION() AS v') : await run('SELECT sqlite_version() AS v');
  const tableRows =
    dialect === 'mysql'
      ? await run(
          "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_type = 'BASE TABLE' ORDER BY table_name",
        )
      : await run("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name");
  const tables = tableRows.map((r) => String(field(r, 'name')));
  const quote = dialect === 'mysql' ? quoteMysql : quoteSqlite;
  const tableCounts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await run(`SELECT COUNT(*) AS n FROM ${quote(table)}`);
    tableCounts[table] = Number(field(row, 'n') ?? 0);
  }
  return { serverVersion: String(field(version[0], 'v') ?? 'unknown'), tables, tableCounts };
}
