import { ZMysqlTestResult } from '@shop/domain';
import type { ProcedureMeta } from '../../procedure-meta';

export const ZTestConfiguredMysqlOutput = ZMysqlTestResult;

export const testConfiguredMysqlMeta: ProcedureMeta = {
  rest: {
    method: 'GET',
    path: '/api/mysql-test',
    summary: "Open a fresh connection with DATABASE_URL's credentials",
    tag: 'Diagnostics',
    description: 'On SQLite there is nothing to test: success false says so. 5 s timeout.',
  },
};
