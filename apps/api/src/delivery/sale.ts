import {
  countTriggersSince,
  type Executor,
  lockActionForSale,
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
import type { StreamCache } from '../twitch/stream-cache';
import type { RoutingDeps } from './targets';

export interface SaleDeps {
  db: RoutingDeps['db'];
  stream: Pick<StreamCache, 'broadcastWindow'>;
}

/** Stock, per-stream limits or surge: the trigger takes the action's row lock and checks them. */
export function isGuarded(action: StreamActionRow): boolean {
  return (
    action.stock !== null ||
    action.per_stream_limit !== null ||
    action.per_viewer_per_stream_limit !== null ||
    action.surge_percent > 0
  );
}

/**
 * Inside the trigger's transaction, before the debit: locks the action's row (so two triggers of it
 * check and write one after the other), answers the price now, and refuses (409, nothing charged:
 * the caller's transaction rolls back) when the price moved from what the viewer saw, a limit of this
 * broadcast is reached, or it is sold out. Takes one of the stock and adds the trigger's surge step.
 */
export async function sell(
  services: SaleDeps,
  tx: Executor,
  action: StreamActionRow,
  userId: number,
  expectedCost: number | undefined,
  at: number,
): Promise<number> {
  const state = await lockActionForSale(tx, services.db.dialect, action.id);
  if (!state) throw new AppError('NOT_FOUND', 'Action not found');
  const rule = {
    percent: action.surge_percent,
    decaySeconds: action.surge_decay_seconds,
    maxMultiplier: Number(action.surge_max_multiplier),
  };
  const steps = surgeStepsNow(state.surge_steps, state.surge_at, at, rule.decaySeconds);
  const price = surgePrice(action.cost, rule, steps);
  if (expectedCost !== undefined && expectedCost !== price) {
    throw new AppError('CONFLICT', priceChangedMessage(price), { details: { currentCost: price } });
  }
  if (action.per_stream_limit !== null || action.per_viewer_per_stream_limit !== null) {
    const { window, startedAt } = services.stream.broadcastWindow();
    const since = broadcastStart(window === 'stream' ? startedAt : null, at);
    const perDay = window === 'day' || startedAt === null;
    if (action.per_stream_limit !== null) {
      const used = await countTriggersSince(tx, action.id, since);
      if (used >= action.per_stream_limit) {
        throw new AppError('CONFLICT', streamLimitMessage(action.per_stream_limit, perDay));
      }
    }
    if (action.per_viewer_per_stream_limit !== null) {
      const used = await countTriggersSince(tx, action.id, since, userId);
      if (used >= action.per_viewer_per_stream_limit) {
        throw new AppError('CONFLICT', viewerLimitMessage(action.per_viewer_per_stream_limit, perDay));
      }
    }
  }
  if (state.stock !== null && !(await takeStock(tx, action.id))) throw new AppError('CONFLICT', SOLD_OUT_MESSAGE);
  if (rule.percent > 0) await writeSurgeSteps(tx, action.id, steps + 1, at);
  return price;
}
