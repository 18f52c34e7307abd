import { ZDiagnosticsResult, ZMysqlConnection } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';
import { CONNECTION_NOTE } from './connection-note';

export const ZDiagnoseMysqlInput = ZMysqlConnection;
export const ZDiagnoseMysqlOutput = ZDiagnosticsResult;

export const diagnoseMysqlMeta: ProcedureMeta = {
  rest: {
    method: 'POST',
    path: '/api/db-diagnostics',
    summary: 'Diagnostics of another MySQL server reached with the given credentials',
    tag: 'Diagnostics',
    description: CONNECTION_NOTE,
  },
};
