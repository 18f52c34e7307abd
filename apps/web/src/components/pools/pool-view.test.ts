import type { TPoolOut, TPoolProgressMessage } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import {
  applyProgress,
  barPercent,
  chipInError,
  chipInNote,
  defaultChipIn,
  poolCards,
  poolCountdown,
  windowText,
} from './pool-view';

const pool = (actionId: number, endsAt: string, raised = 10): TPoolOut => ({
  actionId,
  actionName: `A${actionId}`,
  goal: 100,
  raised,
  contributors: 1,
  endsAt,
});
const progress = (p: TPoolOut, state: TPoolProgressMessage['state']): TPoolProgressMessage => ({
  type: 'pool_progress',
  ...p,
  state,
});

describe('crowd goal cards', () => {
  it('lists open pools, then pooled actions still waiting for their first coins, never ordinary ones', () => {
    const cards = poolCards(
      [pool(2, '2026-01-01T00:10:00Z')],
      [
        { id: 1, name: 'Plain', poolGoal: null },
        { id: 2, name: 'A2', poolGoal: 100, poolWindowSeconds: 600 },
        { id: 3, name: 'Rain', poolGoal: 500, poolWindowSeconds: 600 },
        { id: 4, name: 'Old view' },
      ],
    );
    expect(cards.map((c) => [c.actionId, c.raised, c.endsAt])).toEqual([
      [2, 10, '2026-01-01T00:10:00Z'],
      [3, 0, null],
    ]);
  });

  it('applies progress: an open pool is updated or added in ending order, a fired or expired one leaves', () => {
    const list = [pool(1, '2026-01-01T00:10:00Z'), pool(2, '2026-01-01T00:20:00Z')];
    expect(applyProgress(list, progress(pool(2, '2026-01-01T00:20:00Z', 50), 'open'))[1]?.raised).toBe(50);
    expect(applyProgress(list, progress(pool(3, '2026-01-01T00:05:00Z'), 'open')).map((p) => p.actionId)).toEqual([
      3, 1, 2,
    ]);
    expect(applyProgress(list, progress(list[0] as TPoolOut, 'fired')).map((p) => p.actionId)).toEqual([2]);
    expect(applyProgress(list, progress(list[1] as TPoolOut, 'expired')).map((p) => p.actionId)).toEqual([1]);
  });

  it('counts down in m:ss, with hours past an hour', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(poolCountdown('2026-01-01T00:09:05Z', now)).toBe('9:05 left');
    expect(poolCountdown('2026-01-01T01:00:01Z', now)).toBe('1:00:01 left');
    expect(poolCountdown('2025-12-31T23:59:00Z', now)).toBe('Ending');
    expect(windowText(600)).toBe('10 min once the first coins are in');
  });

  it('suggests what is missing or a tenth of the goal, and checks the amount by the server schema', () => {
    expect(defaultChipIn({ goal: 1000, raised: 0 })).toBe(100);
    expect(defaultChipIn({ goal: 1000, raised: 960 })).toBe(40);
    expect(barPercent({ goal: 1000, raised: 333 })).toBe(33);
    expect(chipInError(50)).toBeNull();
    expect(chipInError(0)).toBe('Put in at least 1 coin');
    expect(chipInError(1.5)).toBe('Coins must be a whole number');
    expect(chipInError('')).toBe('Enter a number of coins');
    expect(chipInNote(100, { goal: 1000, raised: 960 })).toBe('Only 40 coins are missing: that is all you will pay.');
    expect(chipInNote(10, { goal: 1000, raised: 960 })).toBeNull();
  });
});
