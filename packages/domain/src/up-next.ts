import type { TQueueItem } from './queue-schemas';
import type { TOverlayUpNextItem } from './realtime-messages';
import type { TTriggerState } from './trigger-states';

/** How many triggers the overlay's 'Up next' list shows: a corner of the stream, not the whole queue. */
export const UP_NEXT_LIMIT = 3;

/**
 * The triggers 'Up next' lists: on their way or waiting their turn. Awaiting approval is not in line
 * yet (the streamer may reject it), and a retrying one is stuck on its target, not next.
 */
export const UP_NEXT_STATES: readonly TTriggerState[] = ['sending', 'queued', 'held'];

export type UpNextCandidate = Pick<
  TQueueItem,
  'historyId' | 'actionName' | 'username' | 'displayName' | 'state' | 'position' | 'eta' | 'enqueuedAt'
>;

/** Null (unknown) sorts after any known value. */
function compareNullable<T extends number | string>(a: T | null, b: T | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

/**
 * The next triggers in line, as the overlay shows them: states in UP_NEXT_STATES, ordered by their
 * place (1 first: each queue group and each endpoint lane has its own first), then by when they are
 * expected to be sent, then by when they were paid for, at most `limit`. The viewer is the display
 * name, else the login name; nothing else (no ids, no costs) leaves the server.
 */
export function upNextOf(items: readonly UpNextCandidate[], limit = UP_NEXT_LIMIT): TOverlayUpNextItem[] {
  return items
    .filter((item) => UP_NEXT_STATES.includes(item.state))
    .sort(
      (a, b) =>
        compareNullable(a.position, b.position) ||
        compareNullable(a.eta === null ? null : Date.parse(a.eta), b.eta === null ? null : Date.parse(b.eta)) ||
        Date.parse(a.enqueuedAt) - Date.parse(b.enqueuedAt) ||
        a.historyId - b.historyId,
    )
    .slice(0, Math.max(0, limit))
    .map((item) => ({ actionName: item.actionName, viewer: item.displayName || item.username }));
}
