import { describe, expect, it } from 'vitest';
import { formatCount, formatLength, formatVideoDate } from './format-video';

describe('video card figures', () => {
  it('formats lengths with and without hours', () => {
    expect(formatLength(245)).toBe('4:05');
    expect(formatLength(3723)).toBe('1:02:03');
    expect(formatLength(0)).toBe('0:00');
  });

  it('counts with a thousands comma and the right noun, nothing when unknown', () => {
    expect(formatCount(1234, 'view', 'views')).toBe('1,234 views');
    expect(formatCount(1, 'like', 'likes')).toBe('1 like');
    expect(formatCount(null, 'view', 'views')).toBeNull();
  });

  it('formats the publish date, empty when unreadable', () => {
    expect(formatVideoDate('2026-11-20T18:00:00+00:00', 'UTC')).toBe('Nov 20, 2026');
    expect(formatVideoDate('nope')).toBe('');
  });
});
