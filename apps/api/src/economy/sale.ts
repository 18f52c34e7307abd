import {
  countTriggersSince,
  type Executor,
  lockActionForSale,
  type SaleTerms,
  type StreamActionRow,
  takeStock,
  writeSurgeSteps,
} from '@shop/db';
import {
  AppError,
  broadcastStart,
  priceChangedMessage,
  SOLD_OUT_MESSAGE,
  streamLimitMessage,
  surgePrice,
  surgeStepsNow,
  viewerLimitMessage,
} from '@shop/domain';
import type { RoutingDeps } from '../delivery/targets';
import type { StreamCache } from '../twitch/stream-cache';

export interface SaleDeps {
  db: RoutingDeps['db'];
  stream: Pick<StreamCache, 'broadcastWindow'>;
}

/** What the trigger charges, and whether it took a unit of stock (its refund puts one back only then). */
export interface Sale {
  price: number;
  tookStock: boolean;
}

type Guards = Pick<SaleTerms, 'stock' | 'per_stream_limit' | 'per_viewer_per_stream_limit' | 'surge_percent'>;

/** Stock, per-stream limits or surge: the trigger takes the action's row lock and checks them. */
export function isGuarded(action: Guards): boolean {
  return (
    action.stock !== null ||
    action.per_stream_limit !== null ||
    action.per_viewer_per_stream_limit !== null ||
    action.surge_percent > 0
  );
}

/**
 * Inside the trigger's transaction, before the debit. `catalogCurrent` says whether `action`, the
 * in-memory copy, is the stored row as of this transaction (CatalogCache.current): only then may an
 * action it shows without stock, limits or surge be sold at its price without a lock, the hot path.
 * Otherwise the action's row is locked (so two triggers of it check and write one after the other)
 * and everything the sale decides comes from the locked row, never from the copy: the price now, the
 * limits of this broadcast, the stock, the surge. Refuses (409, nothing charged: the caller's
 * transaction rolls back) when the price moved from what the viewer saw, a limit is reached, or it is
 * sold out. Takes one of the stock and adds the trigger's surge step.
 */
export async function sell(
  services: SaleDeps,
  tx: Executor,
  action: StreamActionRow,
  catalogCurrent: boolean,
  userId: number,
  expectedCost: number | undefined,
  at: number,
): Promise<Sale> {
  if (catalogCurrent && !isGuarded(action)) return { price: seen(action.cost, expectedCost), tookStock: false };
  const terms = await lockActionForSale(tx, action.id);
  if (!terms) throw new AppError('NOT_FOUND', 'Action not found');
  const rule = {
    percent: terms.surge_percent,
    decaySeconds: terms.surge_decay_seconds,
    maxMultiplier: terms.surge_max_multiplier,
  };
  const steps = surgeStepsNow(terms.surge_steps, terms.surge_at, at, rule.decaySeconds);
  const price = seen(surgePrice(terms.cost, rule, steps), expectedCost);
  if (terms.per_stream_limit !== null || terms.per_viewer_per_stream_limit !== null) {
    const { window, startedAt } = services.stream.broadcastWindow();
    const since = broadcastStart(window === 'stream' ? startedAt : null, at);
    const perDay = window === 'day' || startedAt === null;
    if (terms.per_stream_limit !== null) {
      const used = await countTriggersSince(tx, action.id, since);
      if (used >= terms.per_stream_limit) {
        throw new AppError('CONFLICT', streamLimitMessage(terms.per_stream_limit, perDay));
      }
    }
    if (terms.per_viewer_per_stream_limit !== null) {
      const used = await countTriggersSince(tx, action.id, since, userId);
      if (used >= terms.per_viewer_per_stream_limit) {
        throw new AppError('CONFLICT', viewerLimitMessage(terms.per_viewer_per_stream_limit, perDay));
      }
    }
  }
  const tookStock = terms.stock !== null;
  if (tookStock && !(await takeStock(tx, action.id))) throw new AppError('CONFLICT', SOLD_OUT_MESSAGE);
  if (rule.percent > 0) await writeSurgeSteps(tx, action.id, steps + 1, at);
  return { price, tookStock };
}

/** The price, unless the viewer saw another one: then 409 with the price now, and nothing is charged. */
function seen(price: number, expectedCost: number | undefined): number {
  if (expectedCost !== undefined && expectedCost !== price) {
    throw new AppError('CONFLICT', priceChangedMessage(price), { details: { currentCost: price } });
  }
  return price;
}
