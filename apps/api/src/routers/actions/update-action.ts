import {
  bumpCatalogVersion,
  findStreamActionLimits,
  lockStreamAction,
  transactionWithRetry,
  updateStreamAction,
} from '@shop/db';
import { type ActionRuleFields, AppError, actionRuleBreaks, type TStreamAction } from '@shop/domain';
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
    await transactionWithRetry(db, async (tx) => {
      // Two updates of one action check and write one after the other: each checks what the other saved.
      if (!(await lockStreamAction(tx, input.id))) throw new AppError('NOT_FOUND', 'Action not found');
      const current = await readAction(tx, input.id, now());
      const [broken] = actionRuleBreaks(mergedRuleFields(current, input));
      if (broken) throw new AppError('BAD_REQUEST', `${broken.path}: ${broken.message}`);
      const categoryId = await resolveCategoryId(tx, input, now());
      await updateStreamAction(tx, input.id, {
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
      // Every process's trigger sees the new version with the pause switch and stops trusting its copy.
      await bumpCatalogVersion(tx);
    });
    const saved = await findStreamActionLimits(db.kysely, input.id);
    return readAction(db.kysely, input.id, now(), await limitCounts(ctx.services, saved, null, now()));
  });

/** The action as this update would save it: the stored fields, with the ones the update sends. */
function mergedRuleFields(
  current: TStreamAction,
  update: { [K in keyof ActionRuleFields]?: ActionRuleFields[K] | undefined },
): ActionRuleFields {
  const pick = <K extends keyof ActionRuleFields>(key: K): ActionRuleFields[K] =>
    (update[key] !== undefined ? update[key] : current[key]) as ActionRuleFields[K];
  return {
    gameType: pick('gameType'),
    targetType: pick('targetType'),
    webhookAction: pick('webhookAction'),
    stopCommand: pick('stopCommand'),
    durationSeconds: pick('durationSeconds'),
    requiresApproval: pick('requiresApproval'),
    queueGroup: pick('queueGroup'),
    stock: pick('stock'),
    perStreamLimit: pick('perStreamLimit'),
    perViewerPerStreamLimit: pick('perViewerPerStreamLimit'),
    surgePercent: pick('surgePercent'),
    poolGoal: pick('poolGoal'),
  };
}
