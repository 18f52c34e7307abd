import { describe, expect, it } from 'vitest';
import { UP_NEXT_LIMIT, type UpNextCandidate, upNextOf } from './up-next';

let nextId = 1;
function item(fields: Partial<UpNextCandidate>): UpNextCandidate {
  const historyId = fields.historyId ?? nextId++;
  return {
    historyId,
    actionName: `Action ${historyId}`,
    username: `viewer${historyId}`,
    displayName: null,
    state: 'queued',
    position: null,
    eta: null,
    enqueuedAt: new Date(Date.UTC(2026, 0, 1, 12, 0, historyId)).toISOString(),
    ...fields,
  };
}

describe('upNextOf (the overlay list)', () => {
  it('lists at most three, by place in line, with the display name else the login name', () => {
    const items = [
      item({ historyId: 1, position: 4 }),
      item({ historyId: 2, position: 2, displayName: 'Bea' }),
      item({ historyId: 3, position: 1, state: 'sending', username: 'al', actionName: 'Creeper' }),
      item({ historyId: 4, position: 3, displayName: '' }),
    ];
    expect(upNextOf(items)).toEqual([
      { actionName: 'Creeper', viewer: 'al' },
      { actionName: 'Action 2', viewer: 'Bea' },
      { actionName: 'Action 4', viewer: 'viewer4' },
    ]);
    expect(UP_NEXT_LIMIT).toBe(3);
  });

  it('leaves out what is not in line: awaiting approval, retrying', () => {
    const items = [
      item({ historyId: 10, state: 'awaiting_approval' }),
      item({ historyId: 11, state: 'retrying', position: 1 }),
      item({ historyId: 12, state: 'held', position: 1 }),
    ];
    expect(upNextOf(items).map((i) => i.actionName)).toEqual(['Action 12']);
    expect(upNextOf([item({ state: 'awaiting_approval' })])).toEqual([]);
    expect(upNextOf([])).toEqual([]);
  });

  it('breaks ties of place by the estimate, then by when it was paid for; unknown comes last', () => {
    const items = [
      item({ historyId: 20, position: 1, eta: null, enqueuedAt: '2026-01-01T12:00:00.000Z' }),
      item({ historyId: 21, position: 1, eta: '2026-01-01T12:00:09.000Z' }),
      item({ historyId: 22, position: 1, eta: '2026-01-01T12:00:05.000Z' }),
      item({ historyId: 23, position: null, eta: '2026-01-01T12:00:01.000Z' }),
    ];
    expect(upNextOf(items, 4).map((i) => i.actionName)).toEqual(['Action 22', 'Action 21', 'Action 20', 'Action 23']);
    const sameEta = [
      item({ historyId: 31, position: 2, enqueuedAt: '2026-01-01T12:00:02.000Z' }),
      item({ historyId: 30, position: 2, enqueuedAt: '2026-01-01T12:00:03.000Z' }),
      item({ historyId: 32, position: 2, enqueuedAt: '2026-01-01T12:00:02.000Z' }),
    ];
    expect(upNextOf(sameEta).map((i) => i.actionName)).toEqual(['Action 31', 'Action 32', 'Action 30']);
  });

  it('does not reorder the caller’s list, and honours a smaller limit', () => {
    const items = [item({ historyId: 41, position: 2 }), item({ historyId: 40, position: 1 })];
    expect(upNextOf(items, 1)).toEqual([{ actionName: 'Action 40', viewer: 'viewer40' }]);
    expect(items.map((i) => i.historyId)).toEqual([41, 40]);
    expect(upNextOf(items, 0)).toEqual([]);
  });
});
