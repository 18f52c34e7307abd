import { describe, expect, it } from 'vitest';
import {
  type ActivityMessage,
  activityName,
  clockTime,
  mergeActivity,
  nextAttempt,
  parseRealtimeMessage,
} from './realtime-messages';

const triggered: ActivityMessage = {
  type: 'action_triggered',
  action: { name: 'Airhorn', cost: 50 },
  user: { username: 'viewer', displayName: 'The Viewer' },
  timestamp: '2025-06-15T12:00:00.000Z',
  success: true,
};

describe('parseRealtimeMessage', () => {
  it('reads the four message types', () => {
    expect(parseRealtimeMessage(JSON.stringify(triggered))).toEqual(triggered);
    expect(parseRealtimeMessage(JSON.stringify({ ...triggered, type: 'action_tested' }))?.type).toBe('action_tested');
    const receipt = {
      type: 'action_status',
      historyId: 4,
      actionName: 'Airhorn',
      status: 'refunded',
      attempt: 4,
      maxAttempts: 4,
      nextAttemptAt: null,
      message: 'connect ECONNREFUSED',
      refundedCoins: 50,
      balance: 150,
      timestamp: '2025-06-15T12:00:00.000Z',
    };
    expect(parseRealtimeMessage(JSON.stringify(receipt))).toEqual(receipt);
    const paused = { type: 'shop_status', paused: true, reason: 'manual' };
    expect(parseRealtimeMessage(JSON.stringify(paused))).toEqual(paused);
    const reward = {
      type: 'balance_changed',
      balance: 107,
      amount: 7,
      reason: 'reward',
      timestamp: '2025-06-15T12:00:00.000Z',
    };
    expect(parseRealtimeMessage(JSON.stringify(reward))).toEqual(reward);
  });

  it("reads the queue's receipt states and the admins' queue_changed", () => {
    const waiting = {
      type: 'action_status',
      historyId: 5,
      actionName: 'Airhorn',
      status: 'awaiting_approval',
      attempt: 0,
      maxAttempts: 4,
      nextAttemptAt: null,
      message: null,
      approvalExpiresAt: '2025-06-15T12:02:00.000Z',
      cost: 50,
      timestamp: '2025-06-15T12:00:00.000Z',
    };
    expect(parseRealtimeMessage(JSON.stringify(waiting))).toEqual(waiting);
    for (const status of ['held', 'sending', 'running', 'rejected', 'expired', 'skipped']) {
      expect(parseRealtimeMessage(JSON.stringify({ ...waiting, status }))?.type).toBe('action_status');
    }
    const changed = { type: 'queue_changed', historyIds: [5, 6], held: false, timestamp: '2025-06-15T12:00:00.000Z' };
    expect(parseRealtimeMessage(JSON.stringify(changed))).toEqual(changed);
    expect(parseRealtimeMessage(JSON.stringify({ ...changed, historyIds: [] }))).toEqual({
      ...changed,
      historyIds: [],
    });
    expect(parseRealtimeMessage(JSON.stringify({ ...changed, held: 'yes' }))).toBeNull();
    expect(parseRealtimeMessage(JSON.stringify({ ...changed, historyIds: ['5'] }))).toBeNull();
    expect(parseRealtimeMessage(JSON.stringify({ ...changed, historyIds: undefined }))).toBeNull();
  });

  it('drops anything else', () => {
    expect(parseRealtimeMessage('not json')).toBeNull();
    expect(parseRealtimeMessage(JSON.stringify({ type: 'hello' }))).toBeNull();
    expect(parseRealtimeMessage(JSON.stringify({ ...triggered, user: null }))).toBeNull();
    expect(
      parseRealtimeMessage(JSON.stringify({ type: 'action_status', historyId: 1, actionName: 'x', status: 'lost' })),
    ).toBeNull();
    expect(parseRealtimeMessage(JSON.stringify({ type: 'balance_changed', balance: '107', amount: 7 }))).toBeNull();
    expect(parseRealtimeMessage(new ArrayBuffer(2))).toBeNull();
  });
});

describe('activityName', () => {
  it('shows the display name, else the login name', () => {
    expect(activityName(triggered)).toBe('The Viewer');
    expect(activityName({ ...triggered, user: { username: 'viewer', displayName: null } })).toBe('viewer');
  });
});

describe('mergeActivity', () => {
  const at = (iso: string, name = 'Airhorn'): ActivityMessage => ({
    ...triggered,
    action: { name, cost: 50 },
    timestamp: iso,
  });

  it('puts the newest first and keeps at most max', () => {
    const a = at('2025-06-15T12:00:01.000Z');
    const b = at('2025-06-15T12:00:02.000Z');
    const c = at('2025-06-15T12:00:03.000Z');
    expect(mergeActivity([b, a], c)).toEqual([c, b, a]);
    expect(mergeActivity([c, b], a, 2)).toEqual([c, b]);
  });

  it('skips a replayed backlog event and files an older one by its time', () => {
    const a = at('2025-06-15T12:00:01.000Z');
    const b = at('2025-06-15T12:00:02.000Z');
    const c = at('2025-06-15T12:00:03.000Z');
    expect(mergeActivity([c, a], { ...c })).toEqual([c, a]);
    expect(mergeActivity([c, a], b)).toEqual([c, b, a]);
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
