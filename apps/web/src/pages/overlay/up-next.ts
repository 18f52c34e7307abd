import { type TOverlayUpNextItem, UP_NEXT_LIMIT } from '@shop/domain';
import { parseObjectFrame } from '../../lib/socket-frame';

/** Longer names are cut with an ellipsis: the list is a corner of the stream, not a wall. */
export const UP_NEXT_TEXT_MAX = 32;

/**
 * The items of an `overlay_up_next` frame (empty: hide the list), or null for any other frame.
 * Items that are not well-formed are dropped, and at most UP_NEXT_LIMIT are kept.
 */
export function parseUpNext(data: unknown): TOverlayUpNextItem[] | null {
  const value = parseObjectFrame(data);
  if (value?.type !== 'overlay_up_next' || !Array.isArray(value.items)) return null;
  const items: TOverlayUpNextItem[] = [];
  for (const item of value.items as unknown[]) {
    if (typeof item !== 'object' || item === null) continue;
    const { actionName, viewer } = item as Record<string, unknown>;
    if (typeof actionName !== 'string' || typeof viewer !== 'string') continue;
    items.push({ actionName, viewer });
  }
  return items.slice(0, UP_NEXT_LIMIT);
}

/** A name as the list shows it: trimmed, and cut at UP_NEXT_TEXT_MAX characters. */
export function upNextText(text: string): string {
  const trimmed = text.trim();
  const chars = [...trimmed];
  return chars.length > UP_NEXT_TEXT_MAX ? `${chars.slice(0, UP_NEXT_TEXT_MAX - 1).join('')}…` : trimmed;
}
