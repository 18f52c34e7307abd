import { describe, expect, it } from 'vitest';
import { relativeTime } from './relative-time';

const now = Date.UTC(2025, 5, 15, 12, 0, 0);
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('relativeTime', () => {
  it('rounds to the nearest unit', () => {
    expect(relativeTime(ago(10_000), now)).toBe('less than a minute ago');
    expect(relativeTime(ago(60_000), now)).toBe('1 minute ago');
    expect(relativeTime(ago(5 * 60_000), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(90 * 60_000), now)).toBe('about 2 hours ago');
    expect(relativeTime(ago(60 * 60_000), now)).toBe('about 1 hour ago');
    expect(relativeTime(ago(3 * 86_400_000), now)).toBe('3 days ago');
    expect(relativeTime(ago(65 * 86_400_000), now)).toBe('2 months ago');
    expect(relativeTime(ago(800 * 86_400_000), now)).toBe('2 years ago');
  });

  it('treats a slightly future timestamp as just now, and a bad one as Unknown', () => {
    expect(relativeTime(new Date(now + 5_000).toISOString(), now)).toBe('less than a minute ago');
    expect(relativeTime('garbage', now)).toBe('Unknown');
  });
});
