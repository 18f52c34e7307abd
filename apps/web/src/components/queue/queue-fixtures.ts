import type { TQueueItem } from '@shop/domain';

/** A trigger in the queue for the tests, with only what a test cares about changed. */
export function queueItem(overrides: Partial<TQueueItem> & { historyId: number }): TQueueItem {
  return {
    actionId: 1,
    actionName: 'Airhorn',
    userId: 2,
    username: 'viewer',
    displayName: null,
    cost: 50,
    state: 'queued',
    queueGroup: null,
    position: null,
    enqueuedAt: '2026-03-01T12:00:00.000Z',
    eta: null,
    approvalExpiresAt: null,
    attempt: 0,
    nextAttemptAt: null,
    endsAt: null,
    stopFailed: false,
    waitingFor: null,
    ...overrides,
  };
}
