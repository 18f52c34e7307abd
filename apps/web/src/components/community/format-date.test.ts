import { describe, expect, it } from 'vitest';
import { formatDay } from './format-date';

describe('formatDay', () => {
  it('writes MMM d, yyyy without a leading zero on the day', () => {
    expect(formatDay(new Date(2025, 0, 5, 12).toISOString())).toBe('Jan 5, 2025');
    expect(formatDay(new Date(2024, 11, 31, 8).toISOString())).toBe('Dec 31, 2024');
  });

  it("says 'Unknown' when there is no usable date", () => {
    expect(formatDay(null)).toBe('Unknown');
    expect(formatDay('')).toBe('Unknown');
    expect(formatDay('not a date')).toBe('Unknown');
  });
});
