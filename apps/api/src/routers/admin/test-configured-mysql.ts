import { testConfiguredMysql as testConnection } from '../../diagnostics/mysql-test';
import { adminProcedure } from '../../trpc';
import { testConfiguredMysqlMeta, ZTestConfiguredMysqlOutput } from './test-configured-mysql.types';

/** DATABASE_URL's credentials, over a fresh connection. */
export const testConfiguredMysql = adminProcedure
  .meta(testConfiguredMysqlMeta)
  .output(ZTestConfiguredMysqlOutput)
  .query(({ ctx }) => testConnection(ctx.services.db, ctx.services.config.databaseUrl));
