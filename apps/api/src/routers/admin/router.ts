import { router } from '../../trpc';
import { dbDiagnostics, dbDiagnosticsCustom, mysqlTest, mysqlTestCustom, sslCheck } from './diagnostics';
import { adjustCoins, changePassword, getUser, searchUsers, userTransactions } from './users';

/** The Admin Tools page (/admin/tools): user management and the database, MySQL and SSL checks. */
export const adminToolsRouter = router({
  searchUsers,
  getUser,
  changePassword,
  adjustCoins,
  userTransactions,
  dbDiagnostics,
  dbDiagnosticsCustom,
  mysqlTest,
  mysqlTestCustom,
  sslCheck,
});
