import type { TStreamAction } from '@shop/domain';

type LimitWindow = TStreamAction['limitWindow'];

/** 'Only N left' shows from this many down: scarcity worth saying, not a stock count. */
export const LOW_STOCK_AT = 10;

/** The card's stock note: 'Only 3 left' when low; null when plenty, unlimited or gone (the button says 'Sold out'). */
export function stockNote(stockLeft: number | null): string | null {
  if (stockLeft === null || stockLeft <= 0 || stockLeft > LOW_STOCK_AT) return null;
  return `Only ${stockLeft} left`;
}

/** What this viewer may still trigger this window: the tighter of the two limits; null when neither applies. */
export function limitLeft(action: Pick<TStreamAction, 'streamLimitLeft' | 'viewerLimitLeft'>): number | null {
  const lefts = [action.streamLimitLeft, action.viewerLimitLeft].filter((n): n is number => n !== null);
  return lefts.length === 0 ? null : Math.min(...lefts);
}

const windowWords = (window: LimitWindow) => (window === 'day' ? 'today' : 'this stream');

/** The card's limit note: '2 left this stream' / '2 left today'; null when no limit or none left (the button says so). */
export function limitNote(left: number | null, window: LimitWindow): string | null {
  if (left === null || left <= 0) return null;
  return `${left} left ${windowWords(window)}`;
}

/** The disabled trigger button of a reached limit. */
export function limitReachedLabel(window: LimitWindow): string {
  return `Limit reached ${windowWords(window)}`;
}

/**
 * The admin form's help under the limits: what a 'stream' is right now. Without Twitch settings the
 * server counts per UTC day, and an admin expecting broadcasts would be surprised.
 */
export function limitWindowHelp(window: LimitWindow): string {
  return window === 'day'
    ? 'Counted per UTC day: no Twitch channel is set up; empty for none'
    : 'Counted per stream (the Twitch broadcast); empty for none';
}

/** The base price to strike through beside the current one; null while surge has not raised it. */
export function surgedFrom(action: Pick<TStreamAction, 'cost' | 'baseCost'>): number | null {
  return action.cost > action.baseCost ? action.baseCost : null;
}

/**
 * The admin card's one-line summary of the economy settings, so a sold-out or capped action is
 * visible without opening its form: '0 in stock · 3 per stream · Surge 25%'; null when none is set.
 */
export function economySummary(
  action: Pick<TStreamAction, 'stock' | 'perStreamLimit' | 'perViewerPerStreamLimit' | 'surgePercent' | 'limitWindow'>,
): string | null {
  const per = action.limitWindow === 'day' ? 'day' : 'stream';
  const parts = [
    action.stock !== null && `${action.stock.toLocaleString('en-US')} in stock`,
    action.perStreamLimit !== null && `${action.perStreamLimit} per ${per}`,
    action.perViewerPerStreamLimit !== null && `${action.perViewerPerStreamLimit} per viewer per ${per}`,
    action.surgePercent > 0 && `Surge ${action.surgePercent}%`,
  ].filter((part): part is string => typeof part === 'string');
  return parts.length === 0 ? null : parts.join(' · ');
}
