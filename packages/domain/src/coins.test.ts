import { describe, expect, it } from 'vitest';
import {
  centsToDollarText,
  checkCapturedPayment,
  moneyValueToCents,
  parseDollars,
  ZCoinPackageInput,
  ZCreateOrder,
  ZPurchase,
} from './coins';

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

describe('admin price entry', () => {
  it('reads dollars as integer cents, with a $ sign or thousands commas', () => {
    expect(parseDollars('4.99')).toBe(499);
    expect(parseDollars(' $10 ')).toBe(1000);
    expect(parseDollars('1,250.5')).toBe(125050);
    expect(parseDollars('0.07')).toBe(7);
  });
  it('refuses what is not dollars and cents', () => {
    for (const bad of ['', 'abc', '4.999', '-1', '1e3', '4,99.1.2']) expect(parseDollars(bad), bad).toBeNull();
  });
  it('shows cents back as editable dollars that parse to the same cents', () => {
    for (const cents of [0, 7, 99, 499, 1000, 10_000_000]) {
      expect(parseDollars(centsToDollarText(cents))).toBe(cents);
    }
    expect(centsToDollarText(499)).toBe('4.99');
    expect(centsToDollarText(1000)).toBe('10.00');
  });
});
