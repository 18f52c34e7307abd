import {
  type TAdminUserSearch,
  type TChangePasswordForm,
  type TCoinAdjustmentForm,
  type TMysqlConnection,
  ZAdminActionReply,
  ZAdminTransaction,
  ZAdminUserSearch,
  ZAdminUserSummary,
  ZChangePasswordForm,
  ZCoinAdjustmentForm,
  ZCoinAdjustmentReply,
  ZDiagnosticsResult,
  ZMysqlConnection,
  ZMysqlTestResult,
  ZSslCheck,
} from '@shop/domain';
import { z } from 'zod';
import { type RestRoute, unchecked } from '../../rest/adapter';

/** Path parameters and bodies arrive as sent; the procedures' schemas coerce and check them. */
const userIdOf = (req: { params: unknown }) => unchecked<{ userId?: string; id?: string }>(req.params);

const CONNECTION_NOTE =
  'The password is used for this one connection and never appears in the reply. A failed connection answers 200 with success false and the reason in error; 5 s timeout.';

/** The Admin Tools page's REST paths (admin-spec section 7, plus coin adjustments and a user's ledger). */
export const adminToolsRestRoutes: RestRoute[] = [
  {
    method: 'GET',
    url: '/api/admin/users',
    call: (c, req) => c.adminTools.searchUsers(unchecked<TAdminUserSearch>(req.query)),
    doc: {
      summary: 'Users whose username contains the text, any case (at most 20)',
      tag: 'Admin',
      access: 'admin',
      query: ZAdminUserSearch,
      response: z.array(ZAdminUserSummary),
    },
  },
  {
    method: 'POST',
    url: '/api/admin/change-password/:userId',
    call: (c, req) =>
      c.adminTools.changePassword({
        ...unchecked<TChangePasswordForm>(req.body),
        userId: Number(userIdOf(req).userId),
      }),
    doc: {
      summary: "Set a user's password (6 to 50 characters); every session of that user ends",
      tag: 'Admin',
      access: 'admin',
      body: ZChangePasswordForm,
      response: ZAdminActionReply,
    },
  },
  {
    method: 'POST',
    url: '/api/admin/users/:id/coins',
    call: (c, req) =>
      c.adminTools.adjustCoins({ ...unchecked<TCoinAdjustmentForm>(req.body), userId: Number(userIdOf(req).id) }),
    doc: {
      summary: 'Add (positive) or remove (negative) coins with a reason: one admin_adjustment ledger row',
      tag: 'Admin',
      access: 'admin',
      body: ZCoinAdjustmentForm,
      response: ZCoinAdjustmentReply,
      description: 'A removal larger than the balance is refused with 409 and changes nothing.',
      errors: [409],
    },
  },
  {
    method: 'GET',
    url: '/api/admin/users/:id/transactions',
    call: (c, req) => c.adminTools.userTransactions({ userId: Number(userIdOf(req).id) }),
    doc: {
      summary: "A user's 20 latest ledger rows, newest first",
      tag: 'Admin',
      access: 'admin',
      response: z.array(ZAdminTransaction),
    },
  },
  {
    method: 'GET',
    url: '/api/db-diagnostics',
    call: (c) => c.adminTools.dbDiagnostics(),
    doc: {
      summary: "The shop's database: version, tables and row counts, server environment, network, ledger check",
      tag: 'Diagnostics',
      access: 'admin',
      response: ZDiagnosticsResult,
      description:
        'Works on SQLite (file and size) and MySQL (connection without the password, TCP reachability). Environment variables are listed by name only. ledger lists users whose balance differs from their ledger.',
    },
  },
  {
    method: 'POST',
    url: '/api/db-diagnostics',
    call: (c, req) => c.adminTools.dbDiagnosticsCustom(unchecked<TMysqlConnection>(req.body)),
    doc: {
      summary: 'Diagnostics of another MySQL server reached with the given credentials',
      tag: 'Diagnostics',
      access: 'admin',
      body: ZMysqlConnection,
      response: ZDiagnosticsResult,
      description: CONNECTION_NOTE,
    },
  },
  {
    method: 'GET',
    url: '/api/mysql-test',
    call: (c) => c.adminTools.mysqlTest(),
    doc: {
      summary: "Open a fresh connection with DATABASE_URL's credentials",
      tag: 'Diagnostics',
      access: 'admin',
      response: ZMysqlTestResult,
      description: 'On SQLite there is nothing to test: success false says so. 5 s timeout.',
    },
  },
  {
    method: 'POST',
    url: '/api/mysql-test',
    call: (c, req) => c.adminTools.mysqlTestCustom(unchecked<TMysqlConnection>(req.body)),
    doc: {
      summary: 'Open a connection to a MySQL server with the given credentials',
      tag: 'Diagnostics',
      access: 'admin',
      body: ZMysqlConnection,
      response: ZMysqlTestResult,
      description: CONNECTION_NOTE,
    },
  },
  {
    method: 'GET',
    url: '/api/ssl-check',
    call: (c) => c.adminTools.sslCheck(),
    doc: {
      summary: 'How this request arrived: protocol, Cloudflare, host, client address, headers',
      tag: 'Diagnostics',
      access: 'admin',
      response: ZSslCheck,
      description:
        'X-Forwarded-Proto/-Host/-For count only as far as TRUST_PROXY allows. Cookie and Authorization are never shown.',
    },
  },
];
