import type { PoolWithContributors } from '@shop/db';
import type { TPoolOut, TPoolProgressMessage } from '@shop/domain';
import type { RealtimeHub } from '../../realtime/hub';

/** A pool as `GET /api/pools` lists it. */
export function toPoolOut(pool: PoolWithContributors): TPoolOut {
  return {
    actionId: pool.action_id,
    actionName: pool.action_name,
    goal: Number(pool.goal),
    raised: Number(pool.raised),
    contributors: pool.contributors,
    endsAt: new Date(Number(pool.ends_at)).toISOString(),
  };
}

export function progressMessage(pool: PoolWithContributors): TPoolProgressMessage {
  return { type: 'pool_progress', ...toPoolOut(pool), state: pool.state };
}

/** After the commit: every page and overlay redraws the bar (audience.ts sends it to everyone). */
export function broadcastProgress(
  realtime: Pick<RealtimeHub, 'broadcast'>,
  pools: readonly (PoolWithContributors | undefined)[],
): void {
  for (const pool of pools) if (pool) realtime.broadcast(progressMessage(pool));
}
