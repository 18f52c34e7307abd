import { z } from 'zod';
import { ZCooldownFields } from './live';
import { optionalHttpUrl } from './validation';

export const GAME_TYPES = ['any', 'minecraft', 'rust'] as const;
export type TGameType = (typeof GAME_TYPES)[number];
export const TARGET_TYPES = ['global', 'individual'] as const;
export type TTargetType = (typeof TARGET_TYPES)[number];

export const DEFAULT_ACTION_COST = 50;
/** The dearest an action may be: a bound, so a typo of extra zeros is caught at the form. */
export const MAX_ACTION_COST = 1_000_000;

/** A stream action as clients see it (viewer-spec and admin-spec section 3). */
export interface TStreamAction {
  id: number;
  name: string;
  description: string;
  imageUrl: string | null;
  category: string | null;
  categoryId: number | null;
  cost: number;
  gameSpecific: boolean;
  gameType: TGameType;
  targetType: TTargetType;
  webhookAction: string;
  minecraftServer: string | null;
  active: boolean;
  /** Seconds after a trigger during which nobody may trigger it again (0: none). */
  cooldownSeconds: number;
  /** Seconds after a viewer's trigger during which that viewer may not trigger it again (0: none). */
  userCooldownSeconds: number;
  /** When the running global cooldown ends; null when none is running. */
  availableAt: string | null;
  /** When the signed-in viewer's own cooldown ends; null for anonymous callers or none running. */
  userAvailableAt: string | null;
}

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
});

export const TARGET_TYPE_MESSAGE = 'Target type applies only to Rust actions';

/** Only Rust actions may target one player (admin-spec section 5). */
export function targetTypeAllowed(gameType: TGameType | undefined, targetType: TTargetType | undefined): boolean {
  return targetType !== 'individual' || gameType === 'rust';
}

/** An individual action cannot be sent without the player it is aimed at. */
export function needsTarget(targetType: TTargetType, target: string | null): boolean {
  return targetType === 'individual' && !target;
}

const targetOnlyForRust = (v: { gameType?: TGameType; targetType?: TTargetType }) =>
  targetTypeAllowed(v.gameType, v.targetType);
const targetRule = { message: TARGET_TYPE_MESSAGE, path: ['targetType'] };

/** The placeholders a command may use (filled in by renderCommand), as the admin form documents them. */
export const ACTION_PLACEHOLDERS = [
  { name: '{username}', description: "The viewer's login name" },
  { name: '{displayName}', description: "The viewer's display name, else login name" },
  { name: '{target}', description: "The chosen player's Steam id (individual Rust actions only)" },
  { name: '{actionName}', description: "The action's name" },
] as const;

export const TARGET_PLACEHOLDER_MESSAGE =
  '{target} can only be used in an individual Rust action: a global action has no chosen player';

/**
 * A global action has no chosen player, so `{target}` would always become '' and shift the
 * command's arguments (the game would read the next word as the player).
 */
export function targetPlaceholderAllowed(targetType: TTargetType | undefined, webhookAction: string | undefined) {
  return targetType === 'individual' || !webhookAction?.includes('{target}');
}

const targetPlaceholderRule = { message: TARGET_PLACEHOLDER_MESSAGE, path: ['webhookAction'] };

export const ZStreamActionInput = ZActionFields.extend({
  cost: ZActionFields.shape.cost.default(DEFAULT_ACTION_COST),
  gameType: ZActionFields.shape.gameType.default('any'),
  targetType: ZActionFields.shape.targetType.default('global'),
  active: z.boolean().default(true),
  cooldownSeconds: ZCooldownFields.shape.cooldownSeconds.default(0),
  userCooldownSeconds: ZCooldownFields.shape.userCooldownSeconds.default(0),
})
  .refine(targetOnlyForRust, targetRule)
  .refine((v) => targetPlaceholderAllowed(v.targetType, v.webhookAction), targetPlaceholderRule);
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
});
export type TTrigger = z.input<typeof ZTrigger>;

export const SELECT_PLAYER_MESSAGE = 'You must select a player to target for this action.';
export const INSUFFICIENT_COINS = 'Insufficient Coins';

/** An action with gameType any is universal; anything else is game-specific. */
export function isGameSpecific(gameType: TGameType): boolean {
  return gameType !== 'any';
}

export type TGameFilter = 'all' | TGameType;

/** The shop's filter of viewer-spec section 5: search, category and game all have to pass. */
export function filterActions<
  T extends Pick<TStreamAction, 'name' | 'description' | 'category' | 'gameSpecific' | 'gameType'>,
>(actions: readonly T[], filter: { search: string; category: string; game: TGameFilter }): T[] {
  const needle = filter.search.trim().toLowerCase();
  return actions.filter((action) => {
    const text =
      needle === '' || action.name.toLowerCase().includes(needle) || action.description.toLowerCase().includes(needle);
    const category = filter.category === 'all' || filter.category === '' || action.category === filter.category;
    const game =
      filter.game === 'all' || !action.gameSpecific || action.gameType === 'any' || action.gameType === filter.game;
    return text && category && game;
  });
}

/** Dashboard Actions tab: universal actions only, cheapest first. */
export function universalActionsByCost<T extends Pick<TStreamAction, 'gameType' | 'cost' | 'name'>>(
  actions: readonly T[],
): T[] {
  return actions.filter((a) => a.gameType === 'any').sort((a, b) => a.cost - b.cost || a.name.localeCompare(b.name));
}
