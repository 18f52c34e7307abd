import { ZMysqlConnection, ZMysqlTestResult } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';
import { CONNECTION_NOTE } from './connection-note';

export const ZTestMysqlInput = ZMysqlConnection;
export const ZTestMysqlOutput = ZMysqlTestResult;

export const testMysqlMeta: ProcedureMeta = {
  rest: {
    method: 'POST',
    path: '/api/mysql-test',
    summary: 'Open a connection to a MySQL server with the given credentials',
    tag: 'Diagnostics',
    description: CONNECTION_NOTE,
  },
};
