import {
  creditRedemption,
  type Db,
  isUniqueViolation,
  lockActiveAccount,
  redemptionCoins,
  transactionWithRetry,
} from '@shop/db';
import { ACCOUNT_DISABLED_MESSAGE, AppError } from '@shop/domain';

export interface RedemptionCredit {
  coins: number;
  /** The redemption had been credited before: nothing was paid now. */
  replay: boolean;
  /** The balance after this credit; null for a replay. */
  balance: number | null;
}

/**
 * Credits one Streamer.bot redemption once: the ledger reference is unique per redemption id, so a
 * replay (even twenty at once, from several processes) finds the first credit and answers its coins.
 */
export async function creditRedemptionOnce(
  db: Db,
  redemption: { userId: number; coins: number; redemptionId: string; now: number },
): Promise<RedemptionCredit> {
  const earlier = await redemptionCoins(db.kysely, redemption.redemptionId);
  if (earlier !== null) return { coins: earlier, replay: true, balance: null };
  try {
    const balance = await transactionWithRetry(db, async (tx) => {
      // Disabled since the route looked the account up: the admin's disable committed first, or waits.
      if (!(await lockActiveAccount(tx, redemption.userId))) {
        throw new AppError('FORBIDDEN', ACCOUNT_DISABLED_MESSAGE);
      }
      return creditRedemption(tx, redemption);
    });
    return { coins: redemption.coins, replay: false, balance };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const first = await redemptionCoins(db.kysely, redemption.redemptionId);
    if (first === null) throw error;
    return { coins: first, replay: true, balance: null };
  }
}
