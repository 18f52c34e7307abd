import { describe, expect, it } from 'vitest';
import { purchaseFailed, purchaseSucceeded, purchaseSurface } from './purchase-wording';

describe('purchase wording (viewer-spec section 8)', () => {
  it('uses the dashboard words on /dashboard and the shop words anywhere else', () => {
    expect(purchaseSurface('/dashboard')).toBe('dashboard');
    expect(purchaseSurface('/shop')).toBe('shop');
    expect(purchaseSurface('/')).toBe('shop');
    expect(purchaseSurface('/dashboards')).toBe('shop');
  });

  it('says a purchase worked', () => {
    expect(purchaseSucceeded('shop')).toEqual({
      title: 'Purchase Successful',
      message: 'Coins have been added to your balance!',
    });
    expect(purchaseSucceeded('dashboard')).toEqual({
      title: 'Purchase successful!',
      message: 'Your coins have been added to your account.',
    });
  });

  it("says a purchase failed, in the server's words", () => {
    expect(purchaseFailed('shop', '503: Payments are down')).toEqual({
      title: 'Purchase Failed',
      message: '503: Payments are down',
    });
    expect(purchaseFailed('dashboard', '503: Payments are down').title).toBe('Purchase failed');
  });
});
