import { describe, expect, it } from 'vitest';
import { cooldownEnd, countdownText, secondsUntil } from './action-cooldown';

describe('cooldownEnd', () => {
  it('takes the later of the global and the own cooldown', () => {
    const a = '2026-11-23T12:00:10.000Z';
    const b = '2026-11-23T12:00:30.000Z';
    expect(cooldownEnd(a, b)).toBe(Date.parse(b));
    expect(cooldownEnd(b, null)).toBe(Date.parse(b));
    expect(cooldownEnd(null, null)).toBeNull();
    expect(cooldownEnd('garbage', null)).toBeNull();
  });
});

describe('secondsUntil', () => {
  it('rounds up and stops at zero', () => {
    const end = Date.parse('2026-11-23T12:00:10.000Z');
    expect(secondsUntil(end, end - 11_500)).toBe(12);
    expect(secondsUntil(end, end - 1)).toBe(1);
    expect(secondsUntil(end, end)).toBe(0);
    expect(secondsUntil(end, end + 5000)).toBe(0);
    expect(secondsUntil(null, end)).toBe(0);
  });
});

describe('countdownText', () => {
  it('reads as seconds, minutes, then hours', () => {
    expect(countdownText(12)).toBe('12s');
    expect(countdownText(125)).toBe('2m 05s');
    expect(countdownText(3780)).toBe('1h 03m');
  });
});
