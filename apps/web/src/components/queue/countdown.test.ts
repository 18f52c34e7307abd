import { describe, expect, it } from 'vitest';
import { clock, countdownText, hasCountdown, waitingText } from './countdown';
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
    expect(countdownText(running, now)).toBe('ends in 4:00');
    expect(countdownText({ ...running, endsAt: later(25_000) }, now + 1000)).toBe('ends in 0:24');
    expect(countdownText({ ...running, stopFailed: true }, now)).toBeNull();
    expect(countdownText(running, now + 240_000)).toBe('ending now');
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

  it('counts down to the next attempt of a trigger held for the game server, not of one the streamer holds', () => {
    const away = queueItem({
      historyId: 8,
      state: 'held',
      waitingFor: 'the game server',
      nextAttemptAt: later(12_000),
    });
    expect(countdownText(away, now)).toBe('next attempt in 0:12');
    expect(waitingText(away)).toBe('Waiting for the game server');
    const heldByStreamer = queueItem({ historyId: 9, state: 'held', nextAttemptAt: later(12_000) });
    expect(countdownText(heldByStreamer, now)).toBeNull();
    expect(waitingText(heldByStreamer)).toBeNull();
    expect(waitingText(queueItem({ historyId: 10, state: 'sending', waitingFor: 'the game server' }))).toBeNull();
  });
});
