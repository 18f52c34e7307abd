// The windowed list's arithmetic: rows have one of a few fixed heights, so every offset is known
// without measuring, and only the rows in view (plus a margin) are rendered.

/** The top of each row, and the total height as the last entry. */
export function rowOffsets(heights: readonly number[]): number[] {
  const offsets = new Array<number>(heights.length + 1);
  offsets[0] = 0;
  for (let i = 0; i < heights.length; i += 1) offsets[i + 1] = (offsets[i] ?? 0) + (heights[i] ?? 0);
  return offsets;
}

/** The index of the row that contains `y` (binary search over the offsets). */
function rowAt(offsets: readonly number[], y: number): number {
  let low = 0;
  let high = offsets.length - 2;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((offsets[mid] ?? 0) <= y) low = mid;
    else high = mid - 1;
  }
  return Math.max(0, low);
}

/** The rows to render, [start, end), for a viewport at `scrollTop`, with `overscan` rows either side. */
export function visibleRange(
  offsets: readonly number[],
  scrollTop: number,
  viewportHeight: number,
  overscan = 4,
): { start: number; end: number } {
  const count = offsets.length - 1;
  if (count <= 0) return { start: 0, end: 0 };
  const first = rowAt(offsets, Math.max(0, scrollTop));
  const last = rowAt(offsets, Math.max(0, scrollTop + viewportHeight - 1));
  return { start: Math.max(0, first - overscan), end: Math.min(count, last + 1 + overscan) };
}
