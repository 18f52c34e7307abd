import {
  type Db,
  foldDailyShards,
  hasUnfoldedShards,
  isTransientLockError,
  overviewPeriod,
  streamerOverview,
  transactionWithRetry,
} from '@shop/db';
import type { TOverview } from '@shop/domain';

/**
 * The streamer overview for the last `days` UTC days. Past days' shards are folded first, in a
 * transaction of their own; a fold that loses a lock race to another process's fold is left to the
 * next overview, since the figures are the same folded or not.
 */
export async function readOverview(db: Db, now: number, days: number): Promise<TOverview> {
  const { toDay } = overviewPeriod(now, days);
  if (await hasUnfoldedShards(db.kysely, toDay)) {
    try {
      await transactionWithRetry(db, (tx) => foldDailyShards(tx, toDay), { attempts: 1 });
    } catch (error) {
      if (!isTransientLockError(error)) throw error;
    }
  }
  return streamerOverview(db.kysely, now, days);
}
