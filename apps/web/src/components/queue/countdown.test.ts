import { describe, expect, it } from 'vitest';
import { clock, countdownText, hasCountdown } from './countdown';
import { queueItem } from './queue-fixtures';

const now = Date.parse('2026-03-01T12:00:00.000Z');
const later = (ms: number) => new Date(now + ms).toISOString();

describe('clock', () => {
  it('says minutes and seconds, hours past an hour, and 0:00 once passed', () => {
    expect(clock(83_000)).toBe('1:23');
    expect(clock(5_000)).toBe('0:05');
    expect(clock(4_200)).toBe('0:05');
    expect(clock(3_723_000)).toBe('1:02:03');
    expect(clock(-10_000)).toBe('0:00');
  });
});

describe('countdownText', () => {
  it('counts down what the state waits for', () => {
    const awaiting = queueItem({ historyId: 1, state: 'awaiting_approval', approvalExpiresAt: later(83_000) });
    expect(countdownText(awaiting, now)).toBe('expires in 1:23');
    expect(countdownText(awaiting, now + 1000)).toBe('expires in 1:22');
    const retrying = queueItem({ historyId: 2, state: 'retrying', nextAttemptAt: later(12_000) });
    expect(countdownText(retrying, now)).toBe('next attempt in 0:12');
    const running = queueItem({ historyId: 3, state: 'running', endsAt: later(240_000) });
    expect(countdownText(running, now)).toBe('4:00 time left');
    const queued = queueItem({ historyId: 4, state: 'queued', eta: later(40_000) });
    expect(countdownText(queued, now)).toBe('starts in about 40 s');
  });

  it('says nothing where nothing counts down', () => {
    const plain = queueItem({ historyId: 5, state: 'queued' });
    expect(hasCountdown(plain)).toBe(false);
    expect(countdownText(plain, now)).toBeNull();
    // An expiry left on a trigger that is no longer awaiting approval is not shown.
    expect(countdownText(queueItem({ historyId: 6, state: 'held', approvalExpiresAt: later(1000) }), now)).toBeNull();
    expect(countdownText(queueItem({ historyId: 7, state: 'running', endsAt: 'soon' }), now)).toBeNull();
  });
});
