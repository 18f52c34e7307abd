import { ZDiagnosticsResult } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZGetDbDiagnosticsOutput = ZDiagnosticsResult;

export const getDbDiagnosticsMeta: ProcedureMeta = {
  rest: {
    method: 'GET',
    path: '/api/db-diagnostics',
    summary: "The shop's database: version, tables and row counts, server environment, network, ledger check",
    tag: 'Diagnostics',
    description:
      'Works on SQLite (file and size) and MySQL (connection without the password, TCP reachability). Environment variables are listed by name only. ledger lists users whose balance differs from their ledger.',
  },
};
