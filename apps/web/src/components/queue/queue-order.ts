import type { TQueueItem } from '@shop/domain';

/** The heading of the triggers whose action names no queue group. */
export const NO_GROUP_LABEL = 'No group';

export interface QueueGroup {
  /** The group's name, or null for the ungrouped triggers. */
  name: string | null;
  label: string;
  items: TQueueItem[];
}

/** One line of the windowed list: a group's heading, or a trigger under it. */
export type QueueRow =
  | { kind: 'group'; key: string; label: string; count: number }
  | { kind: 'item'; key: string; item: TQueueItem };

/**
 * Where a trigger sorts within its group: what is being sent now first, then the line by its
 * place, then the rest (awaiting approval, with no place yet) oldest first.
 */
function rank(item: TQueueItem): number {
  if (item.state === 'sending' || item.state === 'running') return 0;
  return item.position != null ? 1 : 2;
}

function compareItems(a: TQueueItem, b: TQueueItem): number {
  return (
    rank(a) - rank(b) ||
    (a.position ?? 0) - (b.position ?? 0) ||
    Date.parse(a.enqueuedAt) - Date.parse(b.enqueuedAt) ||
    a.historyId - b.historyId
  );
}

/**
 * A timed action with no group of its own is lined up in 'effect:<action id>' (the server's trigger
 * code), so its triggers run one after another: the heading names the action instead of the key.
 */
const EFFECT_GROUP = /^effect:\d+$/;

function groupLabel(name: string | null, items: readonly TQueueItem[]): string {
  if (name === null) return NO_GROUP_LABEL;
  const first = items[0];
  return EFFECT_GROUP.test(name) && first ? `${first.actionName} (timed effect)` : name;
}

/** The queue as the page shows it: named groups by name, the ungrouped last, each in its line's order. */
export function groupQueue(items: readonly TQueueItem[]): QueueGroup[] {
  const byName = new Map<string | null, TQueueItem[]>();
  for (const item of items) {
    const list = byName.get(item.queueGroup);
    if (list) list.push(item);
    else byName.set(item.queueGroup, [item]);
  }
  return [...byName.entries()]
    .sort(([a], [b]) => (a === null ? 1 : b === null ? -1 : a.localeCompare(b)))
    .map(([name, list]) => ({ name, label: groupLabel(name, list), items: list.sort(compareItems) }));
}

/** The groups as one flat list of lines, a heading before each group's triggers. */
export function queueRows(groups: readonly QueueGroup[]): QueueRow[] {
  const rows: QueueRow[] = [];
  for (const group of groups) {
    rows.push({ kind: 'group', key: `group:${group.name ?? ''}`, label: group.label, count: group.items.length });
    for (const item of group.items) rows.push({ kind: 'item', key: `item:${item.historyId}`, item });
  }
  return rows;
}

/** Who made the trigger, as the page names them: the display name, else the login name. */
export function viewerName(item: Pick<TQueueItem, 'displayName' | 'username'>): string {
  return item.displayName || item.username;
}
