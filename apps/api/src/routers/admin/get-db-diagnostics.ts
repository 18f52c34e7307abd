import { diagnoseConfigured } from '../../diagnostics/database-diagnostics';
import { adminProcedure } from '../../trpc';
import { getDbDiagnosticsMeta, ZGetDbDiagnosticsOutput } from './get-db-diagnostics.types';

/** The shop's own database (SQLite or MySQL) with the ledger check. */
export const getDbDiagnostics = adminProcedure
  .meta(getDbDiagnosticsMeta)
  .output(ZGetDbDiagnosticsOutput)
  .query(({ ctx }) => diagnoseConfigured(ctx.services.db, ctx.services.config.databaseUrl));
