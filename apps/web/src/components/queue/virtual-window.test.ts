import { describe, expect, it } from 'vitest';
import { rowOffsets, visibleRange } from './virtual-window';

describe('rowOffsets', () => {
  it('gives each row its top and the total last', () => {
    expect(rowOffsets([36, 60, 60, 36, 60])).toEqual([0, 36, 96, 156, 192, 252]);
    expect(rowOffsets([])).toEqual([0]);
  });
});

describe('visibleRange', () => {
  const offsets = rowOffsets(Array.from({ length: 1000 }, () => 60));

  it('renders only the rows in view, plus the overscan', () => {
    expect(visibleRange(offsets, 0, 600, 4)).toEqual({ start: 0, end: 14 });
    expect(visibleRange(offsets, 6000, 600, 4)).toEqual({ start: 96, end: 114 });
  });

  it('stops at the ends of the list', () => {
    expect(visibleRange(offsets, 59_400, 600, 4)).toEqual({ start: 986, end: 1000 });
    expect(visibleRange(rowOffsets([]), 0, 600)).toEqual({ start: 0, end: 0 });
    expect(visibleRange(rowOffsets([60, 60]), 0, 600)).toEqual({ start: 0, end: 2 });
  });

  it('finds rows of mixed heights', () => {
    const mixed = rowOffsets([36, 132, 132, 36, 132]);
    // y = 200 falls in the third row (168..300).
    expect(visibleRange(mixed, 200, 1, 0)).toEqual({ start: 2, end: 3 });
  });
});
