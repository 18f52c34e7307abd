import { describe, expect, it } from 'vitest';
import { sortByCategoryThenName } from './sort-actions';

describe('sortByCategoryThenName', () => {
  it('groups by category, names within, uncategorised at the end', () => {
    const sorted = sortByCategoryThenName([
      { name: 'Zombie', category: 'Game Effect' },
      { name: 'Loose', category: null },
      { name: 'Airhorn', category: 'Sound Effect' },
      { name: 'Anvil', category: 'Game Effect' },
      { name: 'Another', category: null },
    ]);
    expect(sorted.map((a) => a.name)).toEqual(['Anvil', 'Zombie', 'Airhorn', 'Another', 'Loose']);
  });

  it('leaves its input alone', () => {
    const input = [
      { name: 'b', category: null },
      { name: 'a', category: null },
    ];
    sortByCategoryThenName(input);
    expect(input[0]?.name).toBe('b');
  });
});
