import { describe, expect, it } from 'vitest';
import { formatCents, formatNumber, formatSignedCoins, initials } from './format';

describe('format', () => {
  it('shows cents as dollars with two decimals', () => {
    expect(formatCents(499)).toBe('4.99');
    expect(formatCents(5)).toBe('0.05');
    expect(formatCents(123456)).toBe('1,234.56');
    expect(() => formatCents(4.5)).toThrow();
  });

  it('uses commas for thousands', () => {
    expect(formatNumber(1500)).toBe('1,500');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1,000');
    expect(formatNumber(Number.MAX_SAFE_INTEGER)).toBe('9,007,199,254,740,991');
  });

  it('formats numbers as en-US Intl does, without building one', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    for (const value of [-1234567, -1000, -999, -1.5, -0.5, 0.4, 0.5, 1.5, 2.5, 999.5, 12345.678, 1e15]) {
      expect(formatNumber(value)).toBe(intl.format(value));
    }
    // Intl says '-0' here; a count is never negative zero.
    expect(formatNumber(-0.4)).toBe('0');
  });

  it('signs amounts', () => {
    expect(formatSignedCoins(500)).toBe('+500');
    expect(formatSignedCoins(-50)).toBe('-50');
  });

  it('takes two initials and cuts e-mail-like names', () => {
    expect(initials('alice')).toBe('AL');
    expect(initials('bob@example.com')).toBe('BO');
  });
});
