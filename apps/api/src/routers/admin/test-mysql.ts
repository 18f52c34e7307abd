import { testCustomMysql } from '../../diagnostics/mysql-test';
import { adminProcedure } from '../../trpc';
import { testMysqlMeta, ZTestMysqlInput, ZTestMysqlOutput } from './test-mysql.types';

/** The form's credentials. */
export const testMysql = adminProcedure
  .meta(testMysqlMeta)
  .input(ZTestMysqlInput)
  .output(ZTestMysqlOutput)
  .mutation(({ input }) => testCustomMysql(input));
