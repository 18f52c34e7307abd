import { findStreamActionLimits, updateStreamAction } from '@shop/db';
import {
  AppError,
  STOP_COMMAND_REQUIRED,
  stopCommandPresent,
  TARGET_PLACEHOLDER_MESSAGE,
  TARGET_TYPE_MESSAGE,
  targetPlaceholderAllowed,
  targetTypeAllowed,
} from '@shop/domain';
import { adminProcedure } from '../../trpc';
import { limitCounts } from './limit-counts';
import { readAction, resolveCategoryId } from './read-action';
import { updateActionMeta, ZUpdateActionInput, ZUpdateActionOutput } from './update-action.types';

export const updateAction = adminProcedure
  .meta(updateActionMeta)
  .input(ZUpdateActionInput)
  .output(ZUpdateActionOutput)
  .mutation(async ({ ctx, input }) => {
    const { db, now } = ctx.services;
    const current = await readAction(db.kysely, input.id, now());
    const gameType = input.gameType ?? current.gameType;
    const targetType = input.targetType ?? current.targetType;
    if (!targetTypeAllowed(gameType, targetType))
      throw new AppError('BAD_REQUEST', `targetType: ${TARGET_TYPE_MESSAGE}`);
    // Checked on the action as it would be saved: an update may change only the command or only the target type.
    if (!targetPlaceholderAllowed(targetType, input.webhookAction ?? current.webhookAction)) {
      throw new AppError('BAD_REQUEST', `webhookAction: ${TARGET_PLACEHOLDER_MESSAGE}`);
    }
    const durationSeconds = input.durationSeconds ?? current.durationSeconds;
    const stopCommand = input.stopCommand !== undefined ? input.stopCommand : current.stopCommand;
    if (!stopCommandPresent({ durationSeconds, stopCommand })) {
      throw new AppError('BAD_REQUEST', `stopCommand: ${STOP_COMMAND_REQUIRED}`);
    }
    if (!targetPlaceholderAllowed(targetType, stopCommand ?? '')) {
      throw new AppError('BAD_REQUEST', `stopCommand: ${TARGET_PLACEHOLDER_MESSAGE}`);
    }
    const categoryId = await resolveCategoryId(db.kysely, input);
    await updateStreamAction(db.kysely, input.id, {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.imageUrl !== undefined && { image_url: input.imageUrl || null }),
      ...(categoryId !== undefined && { category_id: categoryId }),
      ...(input.cost !== undefined && { cost: input.cost }),
      ...(input.gameType !== undefined && { game_type: input.gameType }),
      ...(input.targetType !== undefined && { target_type: input.targetType }),
      ...(input.webhookAction !== undefined && { webhook_action: input.webhookAction }),
      ...(input.minecraftServer !== undefined && { minecraft_server: input.minecraftServer }),
      ...(input.active !== undefined && { active: input.active ? 1 : 0 }),
      ...(input.cooldownSeconds !== undefined && { cooldown_seconds: input.cooldownSeconds }),
      ...(input.userCooldownSeconds !== undefined && { user_cooldown_seconds: input.userCooldownSeconds }),
      ...(input.requiresApproval !== undefined && { requires_approval: input.requiresApproval ? 1 : 0 }),
      ...(input.approvalTimeoutSeconds !== undefined && { approval_timeout_seconds: input.approvalTimeoutSeconds }),
      ...(input.queueGroup !== undefined && { queue_group: input.queueGroup }),
      ...(input.gapSeconds !== undefined && { gap_seconds: input.gapSeconds }),
      ...(input.durationSeconds !== undefined && { duration_seconds: input.durationSeconds }),
      ...(input.stopCommand !== undefined && { stop_command: input.stopCommand || null }),
      ...(input.stackMode !== undefined && { stack_mode: input.stackMode }),
      ...(input.waitForTarget !== undefined && { wait_for_target: input.waitForTarget ? 1 : 0 }),
      ...(input.holdMaxSeconds !== undefined && { hold_max_seconds: input.holdMaxSeconds }),
      // Restocking is an edit of the stock.
      ...(input.stock !== undefined && { stock: input.stock }),
      ...(input.perStreamLimit !== undefined && { per_stream_limit: input.perStreamLimit }),
      ...(input.perViewerPerStreamLimit !== undefined && {
        per_viewer_per_stream_limit: input.perViewerPerStreamLimit,
      }),
      ...(input.surgePercent !== undefined && { surge_percent: input.surgePercent }),
      ...(input.surgeDecaySeconds !== undefined && { surge_decay_seconds: input.surgeDecaySeconds }),
      ...(input.surgeMaxMultiplier !== undefined && { surge_max_multiplier: input.surgeMaxMultiplier }),
      ...(input.poolGoal !== undefined && { pool_goal: input.poolGoal }),
      ...(input.poolWindowSeconds !== undefined && { pool_window_seconds: input.poolWindowSeconds }),
    });
    const saved = await findStreamActionLimits(db.kysely, input.id);
    return readAction(db.kysely, input.id, now(), await limitCounts(ctx.services, saved, null, now()));
  });
