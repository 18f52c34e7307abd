import { randomInt } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Db } from './connect';
import type { Database } from './schema';

/** MySQL's deadlock victim (1213) and lock wait timeout (1205); SQLite's busy database after busy_timeout. */
const RETRYABLE_CODES = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT', 'SQLITE_BUSY']);
const RETRYABLE_ERRNOS = new Set([1213, 1205]);

export function isTransientLockError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, errno } = error as { code?: unknown; errno?: unknown };
  return (
    (typeof code === 'string' && RETRYABLE_CODES.has(code)) ||
    (typeof errno === 'number' && RETRYABLE_ERRNOS.has(errno))
  );
}

export interface RetryOptions {
  /** Attempts in all, the first included. */
  attempts?: number;
  /** Upper bound of the random wait before the second attempt; doubles each time. */
  baseDelayMs?: number;
}

/**
 * Runs `work` in a transaction, and runs it again when the database aborted it as a deadlock
 * victim or a lock-wait timeout: the whole transaction was rolled back, so a retry is safe and
 * is what MySQL's manual asks of applications. Full jitter keeps the retries of the transactions
 * that collided from colliding again. Any other error, or the last attempt's, is thrown as is.
 */
export async function transactionWithRetry<T>(
  db: Db,
  work: (tx: Transaction<Database>) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const attempts = options.attempts ?? 5;
  const baseDelayMs = options.baseDelayMs ?? 20;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work);
    } catch (error) {
      if (attempt >= attempts || !isTransientLockError(error)) throw error;
      const ceiling = baseDelayMs * 2 ** (attempt - 1);
      await new Promise((resolve) => setTimeout(resolve, randomInt(1, ceiling + 1)));
    }
  }
}
