import { z } from 'zod';
import { actionRuleBreaks } from './action-rules';
import {
  DEFAULT_ACTION_COST,
  GAME_TYPES,
  MAX_ACTION_COST,
  TARGET_TYPE_MESSAGE,
  TARGET_TYPES,
  type TGameType,
  type TTargetType,
  targetTypeAllowed,
} from './actions';
import { ZCooldownFields } from './cooldown-schemas';
import { ECONOMY_FIELD_DEFAULTS, ZEconomyFields } from './economy-schemas';
import { EFFECT_FIELD_DEFAULTS, ZEffectFields } from './effect-schemas';
import { POOL_FIELD_DEFAULTS, ZPoolFields } from './pool-schemas';
import { QUEUE_FIELD_DEFAULTS, ZQueueFields } from './queue-schemas';
import { optionalHttpUrl } from './validation';

// The action inputs' schemas, apart from actions.ts so the pages that only show actions load no zod.

const requiredText = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max);

const ZActionFields = z.object({
  name: requiredText('Name is required', 100),
  description: requiredText('Description is required', 1000),
  webhookAction: requiredText('Webhook parameters are required', 1000),
  cost: z
    .number({ error: 'Cost must be a number' })
    .int('Cost must be a whole number of coins')
    .min(1, 'Cost must be at least 1')
    .max(MAX_ACTION_COST, 'Cost must be at most 1,000,000 coins'),
  imageUrl: optionalHttpUrl('Image URL'),
  categoryId: z.number().int().positive().nullable().optional(),
  /** Category by name, as the admin form sends it; resolved to categoryId on the server. */
  category: z.string().trim().max(100).nullable().optional(),
  gameType: z.enum(GAME_TYPES, { error: 'gameType must be any, minecraft or rust' }),
  targetType: z.enum(TARGET_TYPES, { error: 'targetType must be global or individual' }),
  minecraftServer: z.string().trim().max(255).nullable().optional(),
  active: z.boolean(),
  ...ZCooldownFields.shape,
  ...ZQueueFields.shape,
  ...ZEffectFields.shape,
  ...ZEconomyFields.shape,
  ...ZPoolFields.shape,
});

const targetOnlyForRust = (v: { gameType?: TGameType; targetType?: TTargetType }) =>
  targetTypeAllowed(v.gameType, v.targetType);
const targetRule = { message: TARGET_TYPE_MESSAGE, path: ['targetType'] };

export const ZStreamActionInput = ZActionFields.extend({
  cost: ZActionFields.shape.cost.default(DEFAULT_ACTION_COST),
  gameType: ZActionFields.shape.gameType.default('any'),
  targetType: ZActionFields.shape.targetType.default('global'),
  active: z.boolean().default(true),
  cooldownSeconds: ZCooldownFields.shape.cooldownSeconds.default(0),
  userCooldownSeconds: ZCooldownFields.shape.userCooldownSeconds.default(0),
  requiresApproval: ZQueueFields.shape.requiresApproval.default(QUEUE_FIELD_DEFAULTS.requiresApproval),
  approvalTimeoutSeconds: ZQueueFields.shape.approvalTimeoutSeconds.default(
    QUEUE_FIELD_DEFAULTS.approvalTimeoutSeconds,
  ),
  queueGroup: ZQueueFields.shape.queueGroup.default(QUEUE_FIELD_DEFAULTS.queueGroup),
  gapSeconds: ZQueueFields.shape.gapSeconds.default(QUEUE_FIELD_DEFAULTS.gapSeconds),
  durationSeconds: ZEffectFields.shape.durationSeconds.default(EFFECT_FIELD_DEFAULTS.durationSeconds),
  stopCommand: ZEffectFields.shape.stopCommand.default(EFFECT_FIELD_DEFAULTS.stopCommand),
  stackMode: ZEffectFields.shape.stackMode.default(EFFECT_FIELD_DEFAULTS.stackMode),
  waitForTarget: ZEffectFields.shape.waitForTarget.default(EFFECT_FIELD_DEFAULTS.waitForTarget),
  holdMaxSeconds: ZEffectFields.shape.holdMaxSeconds.default(EFFECT_FIELD_DEFAULTS.holdMaxSeconds),
  stock: ZEconomyFields.shape.stock.default(ECONOMY_FIELD_DEFAULTS.stock),
  perStreamLimit: ZEconomyFields.shape.perStreamLimit.default(ECONOMY_FIELD_DEFAULTS.perStreamLimit),
  perViewerPerStreamLimit: ZEconomyFields.shape.perViewerPerStreamLimit.default(
    ECONOMY_FIELD_DEFAULTS.perViewerPerStreamLimit,
  ),
  surgePercent: ZEconomyFields.shape.surgePercent.default(ECONOMY_FIELD_DEFAULTS.surgePercent),
  surgeDecaySeconds: ZEconomyFields.shape.surgeDecaySeconds.default(ECONOMY_FIELD_DEFAULTS.surgeDecaySeconds),
  surgeMaxMultiplier: ZEconomyFields.shape.surgeMaxMultiplier.default(ECONOMY_FIELD_DEFAULTS.surgeMaxMultiplier),
  poolGoal: ZPoolFields.shape.poolGoal.default(POOL_FIELD_DEFAULTS.poolGoal),
  poolWindowSeconds: ZPoolFields.shape.poolWindowSeconds.default(POOL_FIELD_DEFAULTS.poolWindowSeconds),
})
  // The cross-field rules live in action-rules.ts: an update checks the same ones on the merged action.
  .superRefine((v, ctx) => {
    for (const { path, message } of actionRuleBreaks(v)) ctx.addIssue({ code: 'custom', message, path: [path] });
  });
export type TStreamActionInput = z.input<typeof ZStreamActionInput>;

export const ZStreamActionUpdate = ZActionFields.partial().extend({ id: z.coerce.number().int().positive() });
export type TStreamActionUpdate = z.input<typeof ZStreamActionUpdate>;

/** Where an action of this game and target type would be delivered (the admin form's preview). */
export const ZDeliveryPreviewInput = z
  .object({
    gameType: ZActionFields.shape.gameType,
    targetType: ZActionFields.shape.targetType.default('global'),
  })
  .refine(targetOnlyForRust, targetRule);
export type TDeliveryPreviewInput = z.input<typeof ZDeliveryPreviewInput>;

export const ZId = z.object({ id: z.coerce.number().int().positive() });

export const ZActionId = z.object({ actionId: z.coerce.number({ error: 'actionId is required' }).int().positive() });

export const ZRequestId = z
  .string({ error: 'requestId must be a string' })
  .trim()
  .min(8, 'requestId must be 8 to 100 characters')
  .max(100, 'requestId must be 8 to 100 characters')
  .regex(/^[\x21-\x7e]+$/, 'requestId may hold only visible ASCII characters');

export const ZTrigger = z.object({
  actionId: z.coerce.number({ error: 'actionId is required' }).int().positive(),
  targetSteamId: z.string().trim().max(32).regex(/^\d*$/, 'targetSteamId must be a Steam id').nullable().optional(),
  /**
   * The client's idempotency key for one confirm: the same viewer sending it again gets the first
   * result again and is charged once (a double click, a retry after a lost reply).
   */
  requestId: ZRequestId.optional(),
  /**
   * The price the viewer saw. When surge pricing moved it, the trigger is refused (409 with the
   * current price) and nothing is charged; without it the current price is charged.
   */
  expectedCost: z.number().int().positive().optional(),
});
export type TTrigger = z.input<typeof ZTrigger>;
