import { describe, expect, it } from 'vitest';
import { runningText, stillRunning } from './effect-countdown';

const now = Date.parse('2026-03-01T12:00:00.000Z');
const later = (ms: number) => new Date(now + ms).toISOString();

describe('runningText', () => {
  it('counts the seconds left, rounding up, and minutes past one', () => {
    expect(runningText(later(25_000), now)).toBe('Running: 25 s left');
    expect(runningText(later(24_200), now)).toBe('Running: 25 s left');
    expect(runningText(later(25_000), now + 1000)).toBe('Running: 24 s left');
    expect(runningText(later(1_000), now)).toBe('Running: 1 s left');
    expect(runningText(later(105_000), now)).toBe('Running: 1:45 left');
    expect(runningText(later(120_000), now)).toBe('Running: 2:00 left');
  });

  it('says the end has come until the next receipt, and plain Running without an end', () => {
    expect(runningText(later(0), now)).toBe('Running: ending now');
    expect(runningText(later(-5_000), now)).toBe('Running: ending now');
    expect(runningText(null, now)).toBe('Running');
    expect(runningText(undefined, now)).toBe('Running');
    expect(runningText('soon', now)).toBe('Running');
  });
});

describe('stillRunning', () => {
  it('is true only before a known end', () => {
    expect(stillRunning(later(1), now)).toBe(true);
    expect(stillRunning(later(0), now)).toBe(false);
    expect(stillRunning(null, now)).toBe(false);
    expect(stillRunning('soon', now)).toBe(false);
  });
});
