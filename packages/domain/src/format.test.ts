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
