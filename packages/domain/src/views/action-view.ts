import type { TStreamAction } from '../action-schemas';
import type { TGameType, TTargetType } from '../actions';
import { cooldownEndsAtIso } from '../cooldowns';
import { surgePrice, surgeStepsNow } from '../economy';
import type { TStackMode } from '../effects';
import { isSet, type StoredFlag } from './stored';

/** An action as stored, with its category's name. */
export interface StoredAction {
  id: number;
  name: string;
  description: string;
  image_url: string | null;
  category_id: number | null;
  category_name: string | null;
  cost: number;
  game_type: string;
  target_type: string;
  webhook_action: string;
  minecraft_server: string | null;
  active: StoredFlag;
  cooldown_seconds: number;
  user_cooldown_seconds: number;
  last_triggered_at: number | null;
  requires_approval: StoredFlag;
  approval_timeout_seconds: number;
  queue_group: string | null;
  gap_seconds: number;
  duration_seconds: number;
  stop_command: string | null;
  stack_mode: string;
  wait_for_target: StoredFlag;
  hold_max_seconds: number;
  stock: number | null;
  per_stream_limit: number | null;
  per_viewer_per_stream_limit: number | null;
  surge_percent: number;
  surge_decay_seconds: number;
  surge_max_multiplier: number;
  surge_steps: number;
  surge_at: number;
  pool_goal: number | null;
  pool_window_seconds: number;
}

/** This broadcast's counts of the action's triggers (refunded ones left out), where limits apply. */
export interface ActionCounts {
  /** 'day' without Twitch: per-stream limits count per UTC day. */
  window: 'stream' | 'day';
  stream?: number;
  /** The signed-in viewer's; undefined for anonymous callers. */
  viewer?: number;
}

/** The price an action costs now, surge included. */
export function currentCostOf(
  row: Pick<
    StoredAction,
    'cost' | 'surge_percent' | 'surge_decay_seconds' | 'surge_max_multiplier' | 'surge_steps' | 'surge_at'
  >,
  now: number,
): number {
  const rule = {
    percent: row.surge_percent,
    decaySeconds: row.surge_decay_seconds,
    maxMultiplier: Number(row.surge_max_multiplier),
  };
  return surgePrice(
    row.cost,
    rule,
    surgeStepsNow(Number(row.surge_steps), Number(row.surge_at), now, rule.decaySeconds),
  );
}

/**
 * An action as the API answers it. `now` decides whether a cooldown still runs; `userLastAt` is the
 * signed-in viewer's latest trigger of it (omit for anonymous callers and admin replies).
 */
export function toStreamAction(
  row: StoredAction,
  now: number,
  userLastAt: number | null = null,
  counts: ActionCounts = { window: 'stream' },
): TStreamAction {
  const gameType = row.game_type as TGameType;
  // What a trigger sent now, without expectedCost, is charged; the streamer's price is baseCost.
  const price = currentCostOf(row, now);
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    imageUrl: row.image_url,
    category: row.category_name,
    categoryId: row.category_id,
    cost: price,
    baseCost: row.cost,
    gameSpecific: gameType !== 'any',
    gameType,
    targetType: row.target_type as TTargetType,
    webhookAction: row.webhook_action,
    minecraftServer: row.minecraft_server,
    active: isSet(row.active),
    cooldownSeconds: row.cooldown_seconds,
    userCooldownSeconds: row.user_cooldown_seconds,
    availableAt: cooldownEndsAtIso(row.last_triggered_at, row.cooldown_seconds, now),
    userAvailableAt: cooldownEndsAtIso(userLastAt, row.user_cooldown_seconds, now),
    requiresApproval: isSet(row.requires_approval),
    approvalTimeoutSeconds: row.approval_timeout_seconds,
    queueGroup: row.queue_group,
    gapSeconds: row.gap_seconds,
    durationSeconds: row.duration_seconds,
    stopCommand: row.stop_command,
    stackMode: row.stack_mode as TStackMode,
    waitForTarget: isSet(row.wait_for_target),
    holdMaxSeconds: row.hold_max_seconds,
    stock: row.stock,
    perStreamLimit: row.per_stream_limit,
    perViewerPerStreamLimit: row.per_viewer_per_stream_limit,
    surgePercent: row.surge_percent,
    surgeDecaySeconds: row.surge_decay_seconds,
    surgeMaxMultiplier: Number(row.surge_max_multiplier),
    stockLeft: row.stock,
    streamLimitLeft: left(row.per_stream_limit, counts.stream),
    viewerLimitLeft: counts.viewer === undefined ? null : left(row.per_viewer_per_stream_limit, counts.viewer),
    limitWindow: counts.window,
    currentCost: price,
    poolGoal: row.pool_goal,
    poolWindowSeconds: row.pool_window_seconds,
  };
}

const left = (limit: number | null, used: number | undefined): number | null =>
  limit === null ? null : Math.max(0, limit - (used ?? 0));
