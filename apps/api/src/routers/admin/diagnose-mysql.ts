import { diagnoseCustom } from '../../diagnostics/database-diagnostics';
import { adminProcedure } from '../../trpc';
import { diagnoseMysqlMeta, ZDiagnoseMysqlInput, ZDiagnoseMysqlOutput } from './diagnose-mysql.types';

/** Another MySQL server. A mutation: it opens a connection to somewhere new. */
export const diagnoseMysql = adminProcedure
  .meta(diagnoseMysqlMeta)
  .input(ZDiagnoseMysqlInput)
  .output(ZDiagnoseMysqlOutput)
  .mutation(({ input }) => diagnoseCustom(input));
