import { insertStreamAction } from '@shop/db';
import { adminProcedure } from '../../trpc';
import { createActionMeta, ZCreateActionInput, ZCreateActionOutput } from './create-action.types';
import { readAction, resolveCategoryId } from './read-action';

export const createAction = adminProcedure
  .meta(createActionMeta)
  .input(ZCreateActionInput)
  .output(ZCreateActionOutput)
  .mutation(async ({ ctx, input }) => {
    const { db, now } = ctx.services;
    const categoryId = await resolveCategoryId(db.kysely, input, now());
    const id = await insertStreamAction(db.kysely, {
      name: input.name,
      description: input.description,
      image_url: input.imageUrl || null,
      category_id: categoryId ?? null,
      cost: input.cost,
      game_type: input.gameType,
      target_type: input.gameType === 'rust' ? input.targetType : 'global',
      webhook_action: input.webhookAction,
      minecraft_server: input.minecraftServer ?? null,
      active: input.active ? 1 : 0,
      cooldown_seconds: input.cooldownSeconds,
      user_cooldown_seconds: input.userCooldownSeconds,
      requires_approval: input.requiresApproval ? 1 : 0,
      approval_timeout_seconds: input.approvalTimeoutSeconds,
      queue_group: input.queueGroup,
      gap_seconds: input.gapSeconds,
      duration_seconds: input.durationSeconds,
      stop_command: input.stopCommand || null,
      stack_mode: input.stackMode,
      wait_for_target: input.waitForTarget ? 1 : 0,
      hold_max_seconds: input.holdMaxSeconds,
      stock: input.stock,
      per_stream_limit: input.perStreamLimit,
      per_viewer_per_stream_limit: input.perViewerPerStreamLimit,
      surge_percent: input.surgePercent,
      surge_decay_seconds: input.surgeDecaySeconds,
      surge_max_multiplier: input.surgeMaxMultiplier,
      pool_goal: input.poolGoal,
      pool_window_seconds: input.poolWindowSeconds,
      created_at: now(),
    });
    return readAction(db.kysely, id, now());
  });
