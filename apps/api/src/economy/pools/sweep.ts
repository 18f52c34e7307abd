import {
  closePool,
  type Db,
  type Executor,
  findDuePools,
  findPoolWithContributors,
  listPoolFunding,
  lockPool,
  type PoolWithContributors,
  transactionWithRetry,
} from '@shop/db';
import type { FastifyBaseLogger } from 'fastify';
import { refundFunding } from '../../delivery/refund';
import type { RealtimeHub } from '../../realtime/hub';
import { broadcastProgress } from './progress';

export interface PoolSweepDeps {
  db: Db;
  realtime: Pick<RealtimeHub, 'broadcast'>;
  now: () => number;
  log: FastifyBaseLogger;
}

/** Expired per sweep; the rest wait for the next pass (half a second later). */
const EXPIRE_BATCH = 50;

export const EXPIRED_REASON = 'the crowd goal was not reached in time';

/**
 * Inside the caller's transaction: closes a pool whose window has ended as expired and gives every
 * contribution back. Null when it was not due, or another writer (a process's sweep, a contribution
 * that found it stale) closed it first: the conditional flip lets exactly one of them refund.
 */
export async function expireInTransaction(tx: Executor, poolId: number, now: number): Promise<number | null> {
  const pool = await lockPool(tx, poolId);
  if (pool?.state !== 'open' || Number(pool.ends_at) > now) return null;
  if (!(await closePool(tx, poolId, { state: 'expired' }))) return null;
  for (const share of await listPoolFunding(tx, poolId)) await refundFunding(tx, share, EXPIRED_REASON, now);
  return poolId;
}

/**
 * The control room's sweep (run by the worker when owed) and every read of the list: pools whose
 * window ended short of the goal expire, each in its own transaction, and everyone hears of it.
 * A failure is logged and left to the next pass: it must not stop the queue's sweep.
 */
export async function sweepPools(deps: PoolSweepDeps): Promise<void> {
  const { db, now, log } = deps;
  try {
    const expired: (PoolWithContributors | undefined)[] = [];
    for (const poolId of await findDuePools(db.kysely, now(), EXPIRE_BATCH)) {
      const closed = await transactionWithRetry(db, (tx) => expireInTransaction(tx, poolId, now()));
      if (closed !== null) expired.push(await findPoolWithContributors(db.kysely, closed));
    }
    broadcastProgress(deps.realtime, expired);
  } catch (error) {
    log.warn({ err: error }, 'the crowd goal sweep failed; the next pass tries again');
  }
}
