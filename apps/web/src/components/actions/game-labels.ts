import type { TEndpointGameType, TGameType } from '@shop/domain';

/** Badge text for an action's game; 'any' is what the shop's Universal tab lists. */
export const GAME_LABELS: Record<TGameType, string> = { any: 'Universal', minecraft: 'Minecraft', rust: 'Rust' };

/** admin-spec section 2: an endpoint of type 'other' takes every game. */
export const ENDPOINT_GAME_LABELS: Record<TEndpointGameType, string> = {
  other: 'All Games',
  minecraft: 'Minecraft',
  rust: 'Rust',
};

export const GAME_COLORS: Record<TGameType | TEndpointGameType, string> = {
  any: 'violet',
  other: 'violet',
  minecraft: 'green',
  rust: 'orange',
};
