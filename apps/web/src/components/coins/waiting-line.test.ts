import type { TMyQueue, TTransactionDelivery } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { isWaiting, waitingLine } from './waiting-line';

type Item = TMyQueue['items'][number];

const NOW = Date.parse('2025-01-01T12:00:00.000Z');

function item(over: Partial<Item>): Item {
  return {
    historyId: 7,
    actionName: 'Airdrop',
    cost: 50,
    state: 'queued',
    position: null,
    enqueuedAt: '2025-01-01T11:59:00.000Z',
    eta: null,
    approvalExpiresAt: null,
    attempt: 0,
    nextAttemptAt: null,
    endsAt: null,
    waitingFor: null,
    ...over,
  };
}

function delivery(state: TTransactionDelivery['state']): TTransactionDelivery {
  return { historyId: 7, state, attempts: 0, maxAttempts: 3 };
}

describe('isWaiting', () => {
  it('takes the states that have not started or are tried again', () => {
    for (const state of ['awaiting_approval', 'queued', 'held', 'sending', 'retrying'] as const) {
      expect(isWaiting(delivery(state))).toBe(true);
    }
  });

  it('leaves ends, running, tests and rows without a delivery alone', () => {
    const settled = ['running', 'delivered', 'failed', 'refunded', 'rejected', 'expired', 'skipped', 'test'] as const;
    for (const state of settled) {
      expect(isWaiting(delivery(state))).toBe(false);
    }
    expect(isWaiting(null)).toBe(false);
    expect(isWaiting(undefined)).toBe(false);
  });
});

describe('waitingLine', () => {
  it('words an approval wait', () => {
    expect(waitingLine([item({ state: 'awaiting_approval' })], 7, NOW)).toBe("Waiting for the streamer's approval");
  });

  it('gives the place in line and the time left to the estimate', () => {
    const eta = new Date(NOW + 40_000).toISOString();
    expect(waitingLine([item({ position: 3, eta })], 7, NOW)).toBe('#3 in line, about 40 s');
  });

  it('drops an estimate already past', () => {
    const eta = new Date(NOW - 5_000).toISOString();
    expect(waitingLine([item({ position: 1, eta })], 7, NOW)).toBe('#1 in line');
  });

  it('says the streamer holds the queue', () => {
    expect(waitingLine([item({ state: 'held', position: 2 })], 7, NOW)).toBe(
      '#2 in line, the streamer is holding the queue',
    );
  });

  it('says who a held trigger waits for when it is not the streamer', () => {
    expect(waitingLine([item({ state: 'held', waitingFor: 'the game server' })], 7, NOW)).toBe(
      'Waiting for the game server',
    );
  });

  it('matches by history id', () => {
    const items = [item({ historyId: 6, state: 'awaiting_approval' }), item({ historyId: 7, position: 2 })];
    expect(waitingLine(items, 7, NOW)).toBe('#2 in line');
    expect(waitingLine(items, 8, NOW)).toBeNull();
  });

  it('says nothing for a trigger the queue sees running or ended', () => {
    expect(waitingLine([item({ state: 'running' })], 7, NOW)).toBeNull();
    expect(waitingLine([item({ state: 'delivered' })], 7, NOW)).toBeNull();
  });
});
