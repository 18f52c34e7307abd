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
import { STACK_MODES } from './effects';
import { isoInstant } from './instant-schemas';
import { POOL_FIELD_DEFAULTS, ZPoolFields } from './pool-schemas';
import { QUEUE_FIELD_DEFAULTS, ZQueueFields } from './queue-schemas';
import { TRIGGER_STATES } from './trigger-states';
import { optionalHttpUrl } from './validation';

// The actions' schemas, in and out, apart from actions.ts so the pages that only show actions load no zod.

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

export const ZStreamActionOut = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  category: z.string().nullable(),
  categoryId: z.number().int().nullable(),
  cost: z
    .number()
    .int()
    .describe('the price a trigger sent now is charged: baseCost, raised by surge pricing while it lasts'),
  baseCost: z.number().int().describe("the streamer's price, before surge; what the admin form edits as cost"),
  gameSpecific: z.boolean(),
  gameType: z.enum(GAME_TYPES),
  targetType: z.enum(TARGET_TYPES),
  webhookAction: z.string(),
  minecraftServer: z.string().nullable(),
  active: z.boolean(),
  cooldownSeconds: z.number().int().describe('after any trigger, nobody may trigger it for this long (0: none)'),
  userCooldownSeconds: z.number().int().describe('after a viewer triggers it, that viewer waits this long (0: none)'),
  availableAt: isoInstant.nullable().describe('when the running global cooldown ends; null when none runs'),
  userAvailableAt: isoInstant
    .nullable()
    .describe("when the signed-in viewer's own cooldown ends; null when anonymous or none runs"),
  requiresApproval: z.boolean().describe('each trigger waits for the streamer to approve it'),
  approvalTimeoutSeconds: z.number().int().describe('no decision in this time: the trigger expires and is refunded'),
  queueGroup: z.string().nullable().describe('triggers of actions sharing a group are sent one at a time, in order'),
  gapSeconds: z.number().int().describe('seconds between two triggers of its queue group'),
  durationSeconds: z.number().int().describe('a timed effect lasts this long, then stopCommand is sent (0: instant)'),
  stopCommand: z.string().nullable(),
  stackMode: z
    .enum(STACK_MODES)
    .describe('a trigger while it runs: waits (queue), lengthens it (extend) or is refused'),
  waitForTarget: z.boolean().describe('an unreachable target is waited for, up to holdMaxSeconds, then refunded'),
  holdMaxSeconds: z.number().int(),
  stock: z.number().int().nullable().describe('triggers left to sell (null: unlimited); the admin restocks'),
  perStreamLimit: z.number().int().nullable(),
  perViewerPerStreamLimit: z.number().int().nullable(),
  surgePercent: z.number().int().describe('each trigger raises the price by this percent of the base (0: off)'),
  surgeDecaySeconds: z.number().int().describe('how long one step of surge takes to fade'),
  surgeMaxMultiplier: z.number().describe('the price never passes cost x this'),
  stockLeft: z.number().int().nullable().describe('null: unlimited'),
  streamLimitLeft: z.number().int().nullable().describe('triggers left this stream, everyone together; null: no limit'),
  viewerLimitLeft: z
    .number()
    .int()
    .nullable()
    .describe('triggers left this stream for the signed-in viewer; null: no limit or anonymous'),
  limitWindow: z.enum(['stream', 'day']).describe("what 'per stream' means now: the Twitch broadcast, or the UTC day"),
  currentCost: z.number().int().describe('the same as cost; kept for clients written before cost meant the price now'),
  poolGoal: z.number().int().nullable().describe('a crowd goal: viewers put coins toward it; null: triggered alone'),
  poolWindowSeconds: z.number().int().describe('how long a crowd goal stays open after its first contribution'),
});

/** A stream action as clients see it (viewer-spec and admin-spec section 3). */
export type TStreamAction = z.infer<typeof ZStreamActionOut>;

export const ZTriggerResultOut = z.object({
  status: z.literal('success'),
  message: z.string(),
  historyId: z.number().int(),
  balance: z.number().int(),
  deliveries: z.number().int().describe('targets the trigger was queued to'),
  state: z
    .enum(TRIGGER_STATES)
    .describe(
      'where the trigger stood when accepted (awaiting_approval, queued, held, running); a replay answers the first reply, GET /api/queue/mine tells where it stands now',
    ),
});

const ZTargetTestOut = z.object({
  endpointId: z.number().int(),
  description: z.string(),
  success: z.boolean(),
  message: z.string(),
  durationMs: z.number(),
});

export const ZTestActionResultOut = z.object({
  status: z.literal('success'),
  message: z.string(),
  historyId: z.number().int(),
  results: z.array(ZTargetTestOut),
});
