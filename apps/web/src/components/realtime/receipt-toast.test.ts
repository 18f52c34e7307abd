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
});
