import { describe, expect, it } from 'vitest';
import { clockTime, keepLatest, nextAttempt, parseRealtimeMessage } from './realtime-messages';

const triggered = {
  type: 'action_triggered',
  action: { name: 'Airhorn', cost: 50 },
  user: { username: 'viewer' },
  timestamp: '2025-06-15T12:00:00.000Z',
  success: true,
};

describe('parseRealtimeMessage', () => {
  it('reads the three message types', () => {
    expect(parseRealtimeMessage(JSON.stringify(triggered))).toEqual(triggered);
    expect(parseRealtimeMessage(JSON.stringify({ ...triggered, type: 'action_tested' }))?.type).toBe('action_tested');
    const status = {
      type: 'action_status',
      historyId: 4,
      userId: 2,
      action: { name: 'Airhorn', cost: 50 },
      status: 'refunded',
      timestamp: '2025-06-15T12:00:00.000Z',
    };
    expect(parseRealtimeMessage(JSON.stringify(status))).toEqual(status);
  });

  it('drops anything else', () => {
    expect(parseRealtimeMessage('not json')).toBeNull();
    expect(parseRealtimeMessage(JSON.stringify({ type: 'hello' }))).toBeNull();
    expect(parseRealtimeMessage(JSON.stringify({ ...triggered, user: null }))).toBeNull();
    expect(parseRealtimeMessage(new ArrayBuffer(2))).toBeNull();
  });
});

describe('keepLatest', () => {
  it('puts the newest first and keeps at most max', () => {
    expect(keepLatest([2, 1], 3, 50)).toEqual([3, 2, 1]);
    expect(keepLatest([3, 2, 1], 4, 3)).toEqual([4, 3, 2]);
  });
});

describe('nextAttempt', () => {
  it('counts up to the limit, then gives up', () => {
    expect(nextAttempt(0, 5)).toBe(1);
    expect(nextAttempt(4, 5)).toBe(5);
    expect(nextAttempt(5, 5)).toBeNull();
  });
});

describe('clockTime', () => {
  it('is HH:mm:ss with leading zeros, local time', () => {
    expect(clockTime(new Date(2025, 0, 2, 3, 4, 5).toISOString())).toBe('03:04:05');
    expect(clockTime(new Date(2025, 0, 2, 23, 59, 9).toISOString())).toBe('23:59:09');
    expect(clockTime('nope')).toBe('--:--:--');
  });
});
