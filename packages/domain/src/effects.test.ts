import { describe, expect, it } from 'vitest';
import { extendVerdict } from './effects';

describe('extendVerdict', () => {
  const now = 10_000;
  const running = { state: 'running' as const, endsAt: now + 5_000, stopStatuses: ['queued'] };

  it('lengthens a running effect whose end is ahead and whose stops are all waiting', () => {
    expect(extendVerdict(running, now)).toBe('extend');
    expect(extendVerdict({ ...running, stopStatuses: ['queued', 'queued'] }, now)).toBe('extend');
  });

  it('refuses once the end has come or the streamer asked for the stop (its end is then)', () => {
    expect(extendVerdict({ ...running, endsAt: now }, now)).toBe('ending');
    expect(extendVerdict({ ...running, endsAt: now - 1 }, now)).toBe('ending');
    expect(extendVerdict({ ...running, endsAt: null }, now)).toBe('ending');
  });

  it('refuses while any stop is being sent or was sent', () => {
    expect(extendVerdict({ ...running, stopStatuses: ['queued', 'in_flight'] }, now)).toBe('ending');
    expect(extendVerdict({ ...running, stopStatuses: ['delivered', 'queued'] }, now)).toBe('ending');
    expect(extendVerdict({ ...running, stopStatuses: ['failed'] }, now)).toBe('ending');
  });

  it('leaves an effect that is over alone: the trigger is an effect of its own', () => {
    expect(extendVerdict({ ...running, state: 'stopped' }, now)).toBe('over');
    expect(extendVerdict({ ...running, state: 'stop_failed' }, now)).toBe('over');
    expect(extendVerdict({ ...running, state: null }, now)).toBe('over');
  });
});
