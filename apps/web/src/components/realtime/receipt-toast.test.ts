import { describe, expect, it } from 'vitest';
import type { ReceiptMessage } from './realtime-messages';
import { queuedReceipt, receiptToast, supersedes, TRIGGER_FAILED_TITLE } from './receipt-toast';

const base: ReceiptMessage = {
  type: 'action_status',
  historyId: 7,
  actionName: 'Airhorn',
  status: 'queued',
  attempt: 0,
  maxAttempts: 4,
  nextAttemptAt: null,
  message: null,
  timestamp: '2026-11-23T12:00:00.000Z',
};

describe('receiptToast', () => {
  it('follows the delivery: sending, retrying, delivered', () => {
    expect(receiptToast(base)).toMatchObject({ title: 'Action Triggered!', message: 'Sending...', loading: true });
    expect(receiptToast({ ...base, status: 'retrying', attempt: 1, message: 'offline' })).toMatchObject({
      message: 'Retrying (2 of 4)',
      autoClose: false,
    });
    expect(receiptToast({ ...base, status: 'delivered', attempt: 2 })).toMatchObject({
      title: 'Action Triggered!',
      message: 'Delivered to the game',
      color: 'green',
      loading: false,
    });
  });

  it("uses the dashboard's own words there (viewer-spec section 8), then follows the delivery the same way", () => {
    expect(receiptToast(base, 'dashboard')).toMatchObject({
      title: 'Action triggered!',
      message: 'The action has been sent to the streamer.',
      loading: true,
    });
    expect(receiptToast({ ...base, status: 'delivered', attempt: 1 }, 'dashboard')).toMatchObject({
      title: 'Action triggered!',
      message: 'Delivered to the game',
    });
    expect(TRIGGER_FAILED_TITLE).toEqual({ shop: 'Action Failed', dashboard: 'Failed to trigger action' });
  });

  it('names the coins that came back', () => {
    const refunded = receiptToast({ ...base, status: 'refunded', attempt: 4, refundedCoins: 1250, balance: 2000 });
    expect(refunded.title).toBe('Airhorn could not be delivered');
    expect(refunded.message).toBe('Refunded: 1,250 coins are back in your balance');
    expect(receiptToast({ ...base, status: 'refunded', refundedCoins: 1 }).message).toBe(
      'Refunded: 1 coin is back in your balance',
    );
  });

  it('says why a delivery failed without a refund', () => {
    expect(receiptToast({ ...base, status: 'failed', message: 'timed out' }).message).toBe(
      'Delivery failed: timed out',
    );
    expect(receiptToast({ ...base, status: 'failed' }).color).toBe('red');
  });
});

describe("receiptToast and the streamer's queue", () => {
  it('waits for approval, then shows the place in line with its estimate', () => {
    expect(receiptToast({ ...base, status: 'awaiting_approval' })).toMatchObject({
      title: 'Action Triggered!',
      message: "Waiting for the streamer's approval",
      loading: true,
      autoClose: false,
    });
    const inLine = { ...base, position: 3, eta: '2026-11-23T12:00:40.000Z' };
    expect(receiptToast(inLine).message).toBe('#3 in line, about 40 s');
    expect(receiptToast(inLine, 'dashboard').message).toBe('#3 in line, about 40 s');
    expect(receiptToast({ ...base, status: 'held', position: 2 }).message).toBe(
      '#2 in line, the streamer is holding the queue',
    );
    expect(receiptToast({ ...base, status: 'sending' }).message).toBe('Sending to the game');
  });

  it('names the coins of a refunded end from the refund, else from the cost', () => {
    const rejected = receiptToast({ ...base, status: 'rejected', cost: 50 });
    expect(rejected).toMatchObject({
      title: 'Airhorn was not sent',
      message: 'Rejected: 50 coins are back in your balance',
      color: 'orange',
      loading: false,
    });
    expect(receiptToast({ ...base, status: 'expired', refundedCoins: 1, cost: 1 }).message).toBe(
      'Not approved in time: 1 coin is back in your balance',
    );
    expect(receiptToast({ ...base, status: 'skipped', refundedCoins: 20 }).message).toBe(
      'Skipped by the streamer: 20 coins are back in your balance',
    );
  });

  it("starts at the reply's state", () => {
    expect(queuedReceipt(7, 'Airhorn', new Date(), 'awaiting_approval').status).toBe('awaiting_approval');
    expect(queuedReceipt(7, 'Airhorn', new Date()).status).toBe('queued');
  });
});

describe('receiptToast and timed effects', () => {
  const start = Date.parse(base.timestamp);

  it('counts a running effect down, then takes the delivered receipt of its stop', () => {
    const running: ReceiptMessage = { ...base, status: 'running', attempt: 1, endsAt: '2026-11-23T12:00:25.000Z' };
    expect(receiptToast(running, 'shop', start)).toMatchObject({
      title: 'Action Triggered!',
      message: 'Running: 25 s left',
      color: 'green',
      loading: true,
      autoClose: false,
    });
    expect(receiptToast(running, 'shop', start + 1000).message).toBe('Running: 24 s left');
    expect(receiptToast(running, 'shop', start + 30_000).message).toBe('Running: ending now');
    const delivered: ReceiptMessage = { ...base, status: 'delivered', attempt: 0 };
    expect(supersedes(delivered, running)).toBe(true);
    expect(receiptToast(delivered).message).toBe('Delivered to the game');
    // An extending trigger's reply says running, with no end of its own.
    expect(receiptToast(queuedReceipt(7, 'Airhorn', new Date(start), 'running')).message).toBe('Running');
  });

  it('says when it waits for the game server rather than the streamer', () => {
    expect(receiptToast({ ...base, status: 'held', waitingFor: 'the game server' })).toMatchObject({
      message: 'Waiting for the game server',
      color: 'yellow',
      loading: true,
    });
    expect(receiptToast({ ...base, status: 'held', waitingFor: null }).message).toBe('Held by the streamer');
  });
});

describe('supersedes', () => {
  it('keeps a final state and takes later attempts', () => {
    const delivered: ReceiptMessage = { ...base, status: 'delivered', attempt: 1 };
    expect(supersedes(base, undefined)).toBe(true);
    expect(supersedes(base, delivered)).toBe(false);
    expect(supersedes(delivered, base)).toBe(true);
    expect(supersedes({ ...base, status: 'retrying', attempt: 2 }, { ...base, status: 'retrying', attempt: 1 })).toBe(
      true,
    );
    expect(supersedes(queuedReceipt(7, 'Airhorn', new Date()), { ...base, status: 'retrying', attempt: 1 })).toBe(
      false,
    );
  });

  it("never replaces the streamer's refunded ends", () => {
    for (const status of ['rejected', 'expired', 'skipped'] as const) {
      expect(supersedes({ ...base, status: 'queued', attempt: 1 }, { ...base, status })).toBe(false);
      expect(supersedes({ ...base, status }, { ...base, status: 'awaiting_approval' })).toBe(true);
    }
  });
});
