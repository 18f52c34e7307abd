import { ZMysqlConnection } from '@shop/domain';
import { diagnoseConfigured, diagnoseCustom } from '../../diagnostics/database-diagnostics';
import { testConfiguredMysql, testCustomMysql } from '../../diagnostics/mysql-test';
import { sslCheck as checkSsl } from '../../diagnostics/ssl-check';
import { adminProcedure } from '../../trpc';

/** GET /api/db-diagnostics: the shop's own database (SQLite or MySQL) with the ledger check. */
export const dbDiagnostics = adminProcedure.query(({ ctx }) =>
  diagnoseConfigured(ctx.services.db, ctx.services.config.databaseUrl),
);

/** POST /api/db-diagnostics: another MySQL server. A mutation: it opens a connection to somewhere new. */
export const dbDiagnosticsCustom = adminProcedure
  .input(ZMysqlConnection)
  .mutation(({ input }) => diagnoseCustom(input));

/** GET /api/mysql-test: DATABASE_URL's credentials, over a fresh connection. */
export const mysqlTest = adminProcedure.query(({ ctx }) =>
  testConfiguredMysql(ctx.services.db, ctx.services.config.databaseUrl),
);

/** POST /api/mysql-test: the form's credentials. */
export const mysqlTestCustom = adminProcedure.input(ZMysqlConnection).mutation(({ input }) => testCustomMysql(input));

/** GET /api/ssl-check: how this very request reached the server. */
export const sslCheck = adminProcedure.query(({ ctx }) =>
  checkSsl(ctx.request, ctx.ip, ctx.services.config.trustProxy),
);
