/** Exact wordings of admin-spec sections 5 and 8 for the Admin Tools page; server and forms share them. */
export const ADMIN_TOOLS_MSG = {
  usernameRequired: 'Username is required',
  passwordMin: 'Password must be at least 6 characters',
  passwordMax: 'Password must be less than 50 characters',
  passwordChanged: 'Password changed',
  passwordError: 'Error changing password',
  passwordErrorFallback: 'An error occurred while changing the password.',
  connectionFailed: 'Connection Failed',
  diagnosticsFailed: 'Diagnostics Failed',
  mysqlFailed: 'Failed to connect to MySQL',
  diagnosticsError: 'Failed to run database diagnostics',
  sslError: 'Failed to check SSL status',
  diagnosticsComplete: 'Diagnostics Complete',
  cannotDisableSelf: 'You cannot disable your own account',
} as const;

/** What a disabled account hears when it signs in (403), and wherever else it is turned away. */
export const ACCOUNT_DISABLED_MESSAGE = 'This account is disabled';

export function userDisabledMessage(username: string): string {
  return `${username} is disabled: signed out everywhere, and can no longer sign in, spend, gift, receive gifts or earn coins`;
}

export function userEnabledMessage(username: string): string {
  return `${username} is enabled again and can sign in`;
}

export function noUsersFoundMessage(fragment: string): string {
  return `No users found with username containing "${fragment}"`;
}

/** What an adjustment that would overdraw says (the balance never goes below zero). */
export function insufficientForAdjustmentMessage(balance: number): string {
  return `The user has only ${balance} ${balance === 1 ? 'coin' : 'coins'}`;
}

export const ADMIN_PASSWORD_MIN = 6;
export const ADMIN_PASSWORD_MAX = 50;
export const USER_SEARCH_LIMIT = 20;
/** One adjustment moves at most this many coins either way: a typo of a few zeros stays a typo. */
export const COIN_ADJUSTMENT_MAX = 1_000_000;
// With the "Adjusted by <admin>: " prefix this still fits the ledger's 255-character description.
export const ADJUSTMENT_REASON_MAX = 150;
/** admin-spec 9: MySQL's default port; the spec's diagnostics forms parse ports as integers. */
export const MYSQL_DEFAULT_PORT = 3306;
/** The brief's limit for every MySQL connection attempt made by these tools. */
export const MYSQL_CONNECT_TIMEOUT_MS = 5_000;
