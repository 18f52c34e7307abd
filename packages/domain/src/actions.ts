// Plain values and rules only, no zod: the shop's pages import these, and a module that builds
// schemas when loaded would bring zod's code and its start-up work to every visit (action-schemas.ts).

export const GAME_TYPES = ['any', 'minecraft', 'rust'] as const;
export type TGameType = (typeof GAME_TYPES)[number];
export const TARGET_TYPES = ['global', 'individual'] as const;
export type TTargetType = (typeof TARGET_TYPES)[number];

export const DEFAULT_ACTION_COST = 50;
/** The dearest an action may be: a bound, so a typo of extra zeros is caught at the form. */
export const MAX_ACTION_COST = 1_000_000;

export const TARGET_TYPE_MESSAGE = 'Target type applies only to Rust actions';

/** Only Rust actions may target one player (admin-spec section 5). */
export function targetTypeAllowed(gameType: TGameType | undefined, targetType: TTargetType | undefined): boolean {
  return targetType !== 'individual' || gameType === 'rust';
}

/** An individual action cannot be sent without the player it is aimed at. */
export function needsTarget(targetType: TTargetType, target: string | null): boolean {
  return targetType === 'individual' && !target;
}

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

export const SELECT_PLAYER_MESSAGE = 'You must select a player to target for this action.';
export const INSUFFICIENT_COINS = 'Insufficient Coins';

/** An action with gameType any is universal; anything else is game-specific. */
export function isGameSpecific(gameType: TGameType): boolean {
  return gameType !== 'any';
}

export type TGameFilter = 'all' | TGameType;

// The bounds name the fields read, not TStreamAction: that type is inferred in action-schemas.ts, which
// imports this file.

/** The shop's filter of viewer-spec section 5: search, category and game all have to pass. */
export function filterActions<
  T extends { name: string; description: string; category: string | null; gameSpecific: boolean; gameType: TGameType },
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
export function universalActionsByCost<T extends { gameType: TGameType; cost: number; name: string }>(
  actions: readonly T[],
): T[] {
  return actions.filter((a) => a.gameType === 'any').sort((a, b) => a.cost - b.cost || a.name.localeCompare(b.name));
}
