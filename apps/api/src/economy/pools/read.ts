import { listOpenPools } from '@shop/db';
import type { TPoolOut } from '@shop/domain';
import { toPoolOut } from './progress';
import { type PoolSweepDeps, sweepPools } from './sweep';

/**
 * The open pools; any whose window has ended is expired (and refunded) first, so the list never
 * shows a goal that can no longer be reached, even between two worker passes.
 */
export async function readOpenPools(deps: PoolSweepDeps): Promise<TPoolOut[]> {
  const now = deps.now();
  const open = await listOpenPools(deps.db.kysely);
  if (open.some((p) => Number(p.ends_at) <= now)) {
    await sweepPools(deps);
    return (await listOpenPools(deps.db.kysely)).map(toPoolOut);
  }
  return open.map(toPoolOut);
}
