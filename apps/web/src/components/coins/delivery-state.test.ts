import { DELIVERY_STATES } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { deliveryLabel } from './delivery-state';

const d = { historyId: 1, attempts: 0, maxAttempts: 4 };

describe('deliveryLabel', () => {
  it('names each state with its tries', () => {
    expect(deliveryLabel({ ...d, state: 'queued' }).label).toBe('Queued');
    expect(deliveryLabel({ ...d, state: 'sending' }).label).toBe('Sending...');
    expect(deliveryLabel({ ...d, state: 'retrying', attempts: 1 }).label).toBe('Retrying (2 of 4)');
    expect(deliveryLabel({ ...d, state: 'delivered', attempts: 1 })).toEqual({ label: 'Delivered', color: 'green' });
    expect(deliveryLabel({ ...d, state: 'delivered', attempts: 3 }).label).toBe('Delivered (try 3 of 4)');
    expect(deliveryLabel({ ...d, state: 'refunded', attempts: 4 })).toEqual({
      label: 'Refunded after 4 tries',
      color: 'orange',
    });
    expect(deliveryLabel({ ...d, state: 'failed', attempts: 1 }).label).toBe('Failed after 1 try');
    expect(deliveryLabel({ ...d, state: 'refunded', attempts: 0 }).label).toBe('Refunded');
  });

  it("names the queue's states, and says which ends gave the coins back", () => {
    expect(deliveryLabel({ ...d, state: 'awaiting_approval' }).label).toBe('Awaiting approval');
    expect(deliveryLabel({ ...d, state: 'held' }).label).toBe('Held');
    expect(deliveryLabel({ ...d, state: 'running', attempts: 1 }).label).toBe('Running');
    expect(deliveryLabel({ ...d, state: 'rejected' })).toEqual({ label: 'Rejected (refunded)', color: 'orange' });
    expect(deliveryLabel({ ...d, state: 'expired' }).label).toBe('Expired (refunded)');
    expect(deliveryLabel({ ...d, state: 'skipped' }).label).toBe('Skipped (refunded)');
  });

  it('has a label and a colour for every state', () => {
    for (const state of DELIVERY_STATES) {
      const { label, color } = deliveryLabel({ ...d, state });
      expect(label, state).toBeTruthy();
      expect(color, state).toBeTruthy();
    }
  });
});
