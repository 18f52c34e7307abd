import { describe, expect, it } from 'vitest';
import { deliveryStateOf } from './delivery-states';

describe('delivery state', () => {
  it('reads refunded and test first, then the outcome, then whether a try failed', () => {
    expect(deliveryStateOf({ refunded: true, isTest: false, success: false }, false)).toBe('refunded');
    expect(deliveryStateOf({ refunded: false, isTest: true, success: true }, false)).toBe('test');
    expect(deliveryStateOf({ refunded: false, isTest: false, success: true }, false)).toBe('delivered');
    expect(deliveryStateOf({ refunded: false, isTest: false, success: null }, true)).toBe('retrying');
    expect(deliveryStateOf({ refunded: false, isTest: false, success: null }, false)).toBe('queued');
  });
});
