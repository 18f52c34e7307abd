import { z } from 'zod';
import {
  ADJUSTMENT_REASON_MAX,
  ADMIN_PASSWORD_MAX,
  ADMIN_PASSWORD_MIN,
  ADMIN_TOOLS_MSG,
  COIN_ADJUSTMENT_MAX,
  MYSQL_DEFAULT_PORT,
} from './admin-tools';
import { TRANSACTION_TYPES } from './ledger';

const ZUserId = z.coerce.number({ error: 'userId must be a number' }).int().positive('userId must be positive');

export const ZAdminUserSearch = z.object({
  username: z
    .string({ error: ADMIN_TOOLS_MSG.usernameRequired })
    .trim()
    .min(1, ADMIN_TOOLS_MSG.usernameRequired)
    .max(50),
});
export type TAdminUserSearch = z.input<typeof ZAdminUserSearch>;

/** admin-spec 5: 6 to 50 characters with the spec's own messages (registration allows more). */
export const ZAdminPassword = z
  .string({ error: ADMIN_TOOLS_MSG.passwordMin })
  .min(ADMIN_PASSWORD_MIN, ADMIN_TOOLS_MSG.passwordMin)
  .max(ADMIN_PASSWORD_MAX, ADMIN_TOOLS_MSG.passwordMax);

/** The form's fields; the procedure adds the user id from the path. */
export const ZChangePasswordForm = z.object({ password: ZAdminPassword });
export type TChangePasswordForm = z.infer<typeof ZChangePasswordForm>;
export const ZChangePassword = ZChangePasswordForm.extend({ userId: ZUserId });
export type TChangePassword = z.input<typeof ZChangePassword>;

export const ZCoinAdjustmentForm = z.object({
  amount: z
    .number({ error: 'Amount must be a whole number' })
    .int('Amount must be a whole number')
    .refine((v) => v !== 0, { message: 'Amount must not be zero' })
    // Bounds rather than a refine, so the OpenAPI document states them too.
    .min(-COIN_ADJUSTMENT_MAX, `Amount must be between -${COIN_ADJUSTMENT_MAX} and ${COIN_ADJUSTMENT_MAX}`)
    .max(COIN_ADJUSTMENT_MAX, `Amount must be between -${COIN_ADJUSTMENT_MAX} and ${COIN_ADJUSTMENT_MAX}`)
    .meta({ not: { const: 0 } }),
  reason: z
    .string({ error: 'Reason is required' })
    .trim()
    .min(1, 'Reason is required')
    .max(ADJUSTMENT_REASON_MAX, `Reason must be at most ${ADJUSTMENT_REASON_MAX} characters`),
});
export type TCoinAdjustmentForm = z.infer<typeof ZCoinAdjustmentForm>;
export const ZCoinAdjustment = ZCoinAdjustmentForm.extend({ userId: ZUserId });
export type TCoinAdjustment = z.input<typeof ZCoinAdjustment>;

export const ZAdminUserRef = z.object({ userId: ZUserId });
export type TAdminUserRef = z.input<typeof ZAdminUserRef>;

/** The five fields of the custom-connection forms (admin-spec 7); the password is never echoed back. */
export const ZMysqlConnection = z.object({
  host: z.string({ error: 'Host is required' }).trim().min(1, 'Host is required').max(255),
  port: z.coerce
    .number({ error: 'Port must be a number' })
    .int('Port must be a whole number')
    .min(1, 'Port must be between 1 and 65535')
    .max(65535, 'Port must be between 1 and 65535')
    .default(MYSQL_DEFAULT_PORT),
  user: z.string({ error: 'User is required' }).trim().min(1, 'User is required').max(100),
  password: z.string().max(200).default(''),
  database: z.string().trim().max(64).default(''),
});
export type TMysqlConnection = z.input<typeof ZMysqlConnection>;
/** After parsing: port a number, password and database filled with their defaults. */
export type TMysqlConnectionParsed = z.output<typeof ZMysqlConnection>;

// ---- Replies (also what GET /api/openapi.json documents) ----

export const ZAdminUserSummary = z.object({
  id: z.number(),
  username: z.string(),
  displayName: z.string().nullable(),
  isAdmin: z.boolean(),
  coinBalance: z.number(),
  createdAt: z.string(),
  /** When an admin disabled the account; null while it is active. */
  disabledAt: z.string().nullable(),
});
export type TAdminUserSummary = z.infer<typeof ZAdminUserSummary>;

/** One of the user's PayPal orders whose refund or dispute found some of its coins already spent or given away. */
export const ZUnrecoveredChargeback = z.object({
  orderId: z.string(),
  packageName: z.string().nullable(),
  coins: z.number().int().describe('coins the order credited'),
  coinsReclaimed: z.number().int().describe('coins taken back from the balance'),
  coinsUnrecovered: z.number().int().describe('coins the refund stood for that the balance no longer held'),
  status: z.string(),
  updatedAt: z.string(),
});
export type TUnrecoveredChargeback = z.infer<typeof ZUnrecoveredChargeback>;

/** The selected user on Admin Tools: the summary, and what PayPal refunds could not take back from them. */
export const ZAdminUserDetail = ZAdminUserSummary.extend({
  unrecoveredCoins: z.number().int(),
  unrecoveredChargebacks: z.array(ZUnrecoveredChargeback),
});
export type TAdminUserDetail = z.infer<typeof ZAdminUserDetail>;

export const ZAdminActionReply = z.object({ status: z.literal('success'), message: z.string() });

/** Disable or enable: the message, and the user as they now stand. */
export const ZAdminUserStateReply = ZAdminActionReply.extend({ user: ZAdminUserSummary });
export type TAdminUserStateReply = z.infer<typeof ZAdminUserStateReply>;

export const ZCoinAdjustmentReply = ZAdminActionReply.extend({ balance: z.number(), transactionId: z.number() });
export type TCoinAdjustmentReply = z.infer<typeof ZCoinAdjustmentReply>;

export const ZAdminTransaction = z.object({
  id: z.number(),
  type: z.enum(TRANSACTION_TYPES),
  amount: z.number(),
  description: z.string(),
  createdAt: z.string(),
});

/** Connection facts without the password: host, port, user, database. */
export const ZConnectionConfig = z.object({
  host: z.string(),
  port: z.number(),
  user: z.string(),
  database: z.string(),
});
export type TConnectionConfig = z.infer<typeof ZConnectionConfig>;

export const ZNetworkCheck = z.object({
  host: z.string(),
  isLocal: z.boolean(),
  /** A TCP connect to the database port answered (not ICMP: containers rarely allow it). */
  isPingable: z.boolean(),
  pingResult: z.string(),
});
export type TNetworkCheck = z.infer<typeof ZNetworkCheck>;

export const ZServerEnvironment = z.object({
  nodeVersion: z.string(),
  mysqlClientVersion: z.string(),
  platform: z.string(),
  release: z.string(),
  memory: z.object({ free: z.number(), total: z.number() }),
  /** Names only: a value could be a secret. */
  environmentVariables: z.array(z.string()),
});
export type TServerEnvironment = z.infer<typeof ZServerEnvironment>;

export const ZLedgerCheck = z.object({
  ok: z.boolean(),
  /** Users whose balance differs from the sum of their ledger rows, or is negative (at most 50). */
  problems: z.array(z.object({ userId: z.number(), balance: z.number(), ledgerSum: z.number() })),
});
export type TLedgerCheck = z.infer<typeof ZLedgerCheck>;

export const ZDiagnosticsDetails = z.object({
  dialect: z.enum(['mysql', 'sqlite']),
  /** Null for SQLite, which has no server to log in to. */
  config: ZConnectionConfig.nullable(),
  /** SQLite only: where the file is and how big. */
  file: z.object({ path: z.string(), sizeBytes: z.number().nullable() }).nullable(),
  serverVersion: z.string().nullable(),
  tables: z.array(z.string()),
  tableCounts: z.record(z.string(), z.number()),
  environment: ZServerEnvironment,
  /** Null for SQLite: a local file involves no network. */
  network: ZNetworkCheck.nullable(),
  /** Null for a custom connection: the shop's ledger rules apply to the shop's own database only. */
  ledger: ZLedgerCheck.nullable(),
});
export type TDiagnosticsDetails = z.infer<typeof ZDiagnosticsDetails>;

export const ZDiagnosticsResult = z.object({
  success: z.boolean(),
  message: z.string(),
  error: z.string().nullable(),
  details: ZDiagnosticsDetails,
});
export type TDiagnosticsResult = z.infer<typeof ZDiagnosticsResult>;

export const ZMysqlTestResult = z.object({
  success: z.boolean(),
  /** False when there is nothing to test (the shop runs on SQLite); success is false then too. */
  applicable: z.boolean(),
  message: z.string(),
  error: z.string().nullable(),
  config: ZConnectionConfig.nullable(),
});
export type TMysqlTestResult = z.infer<typeof ZMysqlTestResult>;

export const ZSslCheck = z.object({
  protocol: z.enum(['http', 'https']),
  secure: z.boolean(),
  cloudflare: z.boolean(),
  host: z.string(),
  clientIp: z.string(),
  /** Every request header except Cookie, Authorization and other credentials. */
  headers: z.record(z.string(), z.string()),
  /** How many proxy hops the server believes (TRUST_PROXY); 0 means X-Forwarded-* are ignored. */
  trustProxy: z.string(),
});
export type TSslCheck = z.infer<typeof ZSslCheck>;
