import { router } from '../../trpc';
import { adjustCoins } from './adjust-coins';
import { changePassword } from './change-password';
import { checkSsl } from './check-ssl';
import { diagnoseMysql } from './diagnose-mysql';
import { disableUser } from './disable-user';
import { enableUser } from './enable-user';
import { getDbDiagnostics } from './get-db-diagnostics';
import { getUser } from './get-user';
import { listUserTransactions } from './list-user-transactions';
import { searchUsers } from './search-users';
import { testConfiguredMysql } from './test-configured-mysql';
import { testMysql } from './test-mysql';

/** The Admin Tools page (/admin/tools): user management (password, coins, disable) and the database, MySQL and SSL checks. */
export const adminToolsRouter = router({
  searchUsers,
  getUser,
  changePassword,
  adjustCoins,
  disableUser,
  enableUser,
  userTransactions: listUserTransactions,
  dbDiagnostics: getDbDiagnostics,
  dbDiagnosticsCustom: diagnoseMysql,
  mysqlTest: testConfiguredMysql,
  mysqlTestCustom: testMysql,
  sslCheck: checkSsl,
});
