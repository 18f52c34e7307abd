/** Why a card's trigger button is off. */
export type TriggerBlock = 'paused' | 'soldOut' | 'limit' | 'cooldown' | 'poor';

interface CardState {
  paused: boolean;
  stockLeft: number | null;
  /** The tighter of the stream and viewer limits; null when none applies. */
  limitLeft: number | null;
  cooldownSecondsLeft: number;
  tooPoor: boolean;
}

/**
 * The one reason the button shows, most important first: a pause, an empty stock or a spent limit
 * would refuse even a rich viewer and outlast any cooldown; coins come last, being the one a viewer
 * can fix at once.
 */
export function triggerBlock(state: CardState): TriggerBlock | null {
  if (state.paused) return 'paused';
  if (state.stockLeft === 0) return 'soldOut';
  if (state.limitLeft === 0) return 'limit';
  if (state.cooldownSecondsLeft > 0) return 'cooldown';
  if (state.tooPoor) return 'poor';
  return null;
}
