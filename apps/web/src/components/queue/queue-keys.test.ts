import { describe, expect, it } from 'vitest';
import { queueItem } from './queue-fixtures';
import { approvalTarget, isTypingTarget, shortcutDecision } from './queue-keys';

const press = { ctrlKey: false, metaKey: false, altKey: false, repeat: false, defaultPrevented: false, typing: false };

describe('shortcutDecision', () => {
  it("reads 'a' as approve and 'r' as reject, either case", () => {
    expect(shortcutDecision({ ...press, key: 'a' })).toBe('approve');
    expect(shortcutDecision({ ...press, key: 'R' })).toBe('reject');
    expect(shortcutDecision({ ...press, key: 's' })).toBeNull();
  });

  it('stays out of the way of typing, browser shortcuts and held keys', () => {
    expect(shortcutDecision({ ...press, key: 'a', typing: true })).toBeNull();
    expect(shortcutDecision({ ...press, key: 'r', ctrlKey: true })).toBeNull();
    expect(shortcutDecision({ ...press, key: 'r', metaKey: true })).toBeNull();
    expect(shortcutDecision({ ...press, key: 'a', altKey: true })).toBeNull();
    expect(shortcutDecision({ ...press, key: 'a', repeat: true })).toBeNull();
    expect(shortcutDecision({ ...press, key: 'a', defaultPrevented: true })).toBeNull();
  });
});

describe('isTypingTarget', () => {
  it('is false outside a page, and for anything that is not an element', () => {
    expect(isTypingTarget(null)).toBe(false);
  });
});

describe('approvalTarget', () => {
  const items = [
    queueItem({ historyId: 1, state: 'queued', enqueuedAt: '2026-03-01T11:00:00.000Z' }),
    queueItem({ historyId: 2, state: 'awaiting_approval', enqueuedAt: '2026-03-01T12:00:05.000Z' }),
    queueItem({ historyId: 3, state: 'awaiting_approval', enqueuedAt: '2026-03-01T12:00:01.000Z' }),
    queueItem({ historyId: 4, state: 'awaiting_approval', enqueuedAt: '2026-03-01T12:00:09.000Z' }),
  ];

  it('picks the oldest trigger awaiting approval', () => {
    expect(approvalTarget(items, new Set())?.historyId).toBe(3);
  });

  it('passes over one a decision is already on its way for', () => {
    expect(approvalTarget(items, new Set([3]))?.historyId).toBe(2);
  });

  it('breaks a tie by the older trigger id, and finds none when nothing awaits', () => {
    const tie = [
      queueItem({ historyId: 9, state: 'awaiting_approval' }),
      queueItem({ historyId: 8, state: 'awaiting_approval' }),
    ];
    expect(approvalTarget(tie, new Set())?.historyId).toBe(8);
    expect(approvalTarget([items[0] ?? queueItem({ historyId: 1 })], new Set())).toBeNull();
  });
});
