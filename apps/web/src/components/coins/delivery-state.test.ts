import { describe, expect, it } from 'vitest';
import { deliveryLabel } from './delivery-state';

const d = { historyId: 1, attempts: 0, maxAttempts: 4 };

describe('deliveryLabel', () => {
  it('names each state with its tries', () => {
    expect(deliveryLabel({ ...d, state: 'queued' }).label).toBe('Sending...');
    expect(deliveryLabel({ ...d, state: 'retrying', attempts: 1 }).label).toBe('Retrying (2 of 4)');
    expect(deliveryLabel({ ...d, state: 'delivered', attempts: 1 })).toEqual({ label: 'Delivered', color: 'green' });
    expect(deliveryLabel({ ...d, state: 'delivered', attempts: 3 }).label).toBe('Delivered (try 3 of 4)');
    expect(deliveryLabel({ ...d, state: 'refunded', attempts: 4 })).toEqual({
      label: 'Refunded after 4 tries',
      color: 'orange',
    });
    expect(deliveryLabel({ ...d, state: 'failed', attempts: 1 }).label).toBe('Failed after 1 try');
  });
});
