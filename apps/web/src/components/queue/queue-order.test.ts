import { describe, expect, it } from 'vitest';
import { queueItem } from './queue-fixtures';
import { groupQueue, NO_GROUP_LABEL, queueRows, viewerName } from './queue-order';

const at = (second: number) => `2026-03-01T12:00:${String(second).padStart(2, '0')}.000Z`;

describe('groupQueue', () => {
  it('puts named groups by name and the ungrouped last', () => {
    const groups = groupQueue([
      queueItem({ historyId: 1, queueGroup: null }),
      queueItem({ historyId: 2, queueGroup: 'spawns' }),
      queueItem({ historyId: 3, queueGroup: 'effects' }),
      queueItem({ historyId: 4, queueGroup: 'spawns' }),
    ]);
    expect(groups.map((g) => g.label)).toEqual(['effects', 'spawns', NO_GROUP_LABEL]);
    expect(groups.map((g) => g.items.map((i) => i.historyId))).toEqual([[3], [2, 4], [1]]);
  });

  it('orders a group as its line: being sent first, then by place, then the rest oldest first', () => {
    const [group] = groupQueue([
      queueItem({ historyId: 1, state: 'awaiting_approval', enqueuedAt: at(5) }),
      queueItem({ historyId: 2, state: 'queued', position: 2, enqueuedAt: at(1) }),
      queueItem({ historyId: 3, state: 'awaiting_approval', enqueuedAt: at(3) }),
      queueItem({ historyId: 4, state: 'queued', position: 1, enqueuedAt: at(4) }),
      queueItem({ historyId: 5, state: 'sending', enqueuedAt: at(0) }),
    ]);
    expect(group?.items.map((i) => i.historyId)).toEqual([5, 4, 2, 3, 1]);
  });

  it("names a timed action's own line after the action, not the server's key", () => {
    const groups = groupQueue([
      queueItem({ historyId: 1, queueGroup: 'effect:6', actionName: 'Thunderstorm', state: 'running' }),
      queueItem({ historyId: 2, queueGroup: 'effect:6', actionName: 'Thunderstorm', position: 1 }),
      queueItem({ historyId: 3, queueGroup: 'effect:storms' }),
    ]);
    expect(groups.map((g) => g.label)).toEqual(['Thunderstorm (timed effect)', 'effect:storms']);
  });

  it('is empty for an empty queue', () => {
    expect(groupQueue([])).toEqual([]);
    expect(queueRows([])).toEqual([]);
  });
});

describe('queueRows', () => {
  it('puts each group heading before its triggers, with unique keys', () => {
    const rows = queueRows(
      groupQueue([queueItem({ historyId: 1, queueGroup: 'spawns' }), queueItem({ historyId: 2 })]),
    );
    expect(rows.map((r) => (r.kind === 'group' ? `${r.label} (${r.count})` : r.item.historyId))).toEqual([
      'spawns (1)',
      1,
      'No group (1)',
      2,
    ]);
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
  });
});

describe('viewerName', () => {
  it('shows the display name, else the login name', () => {
    expect(viewerName({ displayName: 'The Viewer', username: 'viewer' })).toBe('The Viewer');
    expect(viewerName({ displayName: null, username: 'viewer' })).toBe('viewer');
  });
});
