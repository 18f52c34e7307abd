import { deleteStreamAction, insertStreamAction, updateStreamAction } from '@shop/db';
import {
  AppError,
  TARGET_PLACEHOLDER_MESSAGE,
  TARGET_TYPE_MESSAGE,
  targetPlaceholderAllowed,
  targetTypeAllowed,
  ZActionId,
  ZId,
  ZStreamActionInput,
  ZStreamActionUpdate,
} from '@shop/domain';
import { testActionNow } from '../../delivery/test-now';
import { adminProcedure } from '../../trpc';
import { readAction, resolveCategoryId } from './read-action';

export const createAction = adminProcedure.input(ZStreamActionInput).mutation(async ({ ctx, input }) => {
  const { db, now } = ctx.services;
  const categoryId = await resolveCategoryId(db.kysely, input);
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
    created_at: now(),
  });
  return readAction(db.kysely, id, now());
});

export const updateAction = adminProcedure.input(ZStreamActionUpdate).mutation(async ({ ctx, input }) => {
  const { db, now } = ctx.services;
  const current = await readAction(db.kysely, input.id, now());
  const gameType = input.gameType ?? current.gameType;
  const targetType = input.targetType ?? current.targetType;
  if (!targetTypeAllowed(gameType, targetType)) throw new AppError('BAD_REQUEST', `targetType: ${TARGET_TYPE_MESSAGE}`);
  // Checked on the action as it would be saved: an update may change only the command or only the target type.
  if (!targetPlaceholderAllowed(targetType, input.webhookAction ?? current.webhookAction)) {
    throw new AppError('BAD_REQUEST', `webhookAction: ${TARGET_PLACEHOLDER_MESSAGE}`);
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
  });
  return readAction(db.kysely, input.id, now());
});

export const deleteAction = adminProcedure.input(ZId).mutation(async ({ ctx, input }) => {
  if (!(await deleteStreamAction(ctx.services.db.kysely, input.id))) {
    throw new AppError('NOT_FOUND', 'Action not found');
  }
  return { status: 'success' as const };
});

/**
 * Sends the action to every matching target at once, outside the queue, without charging anyone,
 * and answers each target's outcome (502 with every target's error when none took it).
 */
export const testAction = adminProcedure
  .input(ZActionId)
  .mutation(({ ctx, input }) => testActionNow(ctx.services, ctx.user, input.actionId));
