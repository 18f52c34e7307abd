import { describe, expect, it } from 'vitest';
import { checkCapturedPayment, moneyValueToCents, ZCoinPackageInput, ZCreateOrder, ZPurchase } from './coins';

describe('money values', () => {
  it('turns PayPal amounts into cents without floats', () => {
    expect(moneyValueToCents('4.99')).toBe(499);
    expect(moneyValueToCents('0.1')).toBe(10);
    expect(moneyValueToCents('10')).toBe(1000);
    expect(moneyValueToCents('19.99')).toBe(1999);
    expect(() => moneyValueToCents('1.999')).toThrow();
    expect(() => moneyValueToCents('-1')).toThrow();
    expect(() => moneyValueToCents('1e3')).toThrow();
  });
});

describe('crediting rule', () => {
  const paid = { status: 'COMPLETED', amountCents: 499, currency: 'USD' };
  it('accepts a completed USD capture of exactly the price', () => {
    expect(checkCapturedPayment(paid, 499)).toEqual({ ok: true });
  });
  it('refuses anything else, saying why', () => {
    expect(checkCapturedPayment(null, 499)).toEqual({ ok: false, reason: 'The payment has not been captured' });
    expect(checkCapturedPayment({ ...paid, amountCents: 498 }, 499)).toEqual({
      ok: false,
      reason: 'The paid amount does not match the package price',
    });
    expect(checkCapturedPayment({ ...paid, currency: 'EUR' }, 499)).toEqual({
      ok: false,
      reason: 'The payment currency EUR is not USD',
    });
    expect(checkCapturedPayment({ ...paid, status: 'PENDING' }, 499)).toEqual({
      ok: false,
      reason: 'The payment is not completed (status PENDING)',
    });
  });
});

describe('schemas', () => {
  it('needs whole positive coins and cents for a package', () => {
    expect(ZCoinPackageInput.safeParse({ name: 'P', amount: 100, price: 499 }).success).toBe(true);
    expect(ZCoinPackageInput.safeParse({ name: 'P', amount: 100, price: 4.99 }).error?.issues[0]?.message).toBe(
      'Price must be a whole number',
    );
    expect(ZCoinPackageInput.safeParse({ name: 'P', amount: 0, price: 499 }).error?.issues[0]?.message).toBe(
      'Amount must be greater than 0',
    );
    expect(ZCoinPackageInput.safeParse({ name: ' ', amount: 1, price: 1 }).error?.issues[0]?.message).toBe(
      'Name is required',
    );
  });

  it('takes the spec order payload and refuses other currencies', () => {
    expect(ZCreateOrder.parse({ amount: '4.99', currency: 'USD', intent: 'CAPTURE', packageId: 2 })).toEqual({
      amount: '4.99',
      currency: 'USD',
      intent: 'CAPTURE',
      packageId: 2,
    });
    expect(ZCreateOrder.safeParse({ amount: '4.99', currency: 'EUR', intent: 'CAPTURE' }).success).toBe(false);
    expect(ZPurchase.safeParse({ packageId: 1, paypalOrderId: 'abc; drop' }).success).toBe(false);
  });
});
