import { describe, expect, it } from 'vitest';
import { authReturnState, returnPath } from './return-to';

describe('returnPath', () => {
  it('goes back to the page the visitor was sent away from', () => {
    expect(returnPath(authReturnState({ pathname: '/shop', search: '?q=x', hash: '' }))).toBe('/shop?q=x');
    expect(returnPath({ from: '/history' })).toBe('/history');
  });

  it("falls back to '/' without a usable origin", () => {
    expect(returnPath(null)).toBe('/');
    expect(returnPath(undefined)).toBe('/');
    expect(returnPath({ from: 42 })).toBe('/');
    expect(returnPath({ from: '//evil.example/x' })).toBe('/');
    expect(returnPath({ from: 'https://evil.example' })).toBe('/');
    expect(returnPath({ from: '/auth' })).toBe('/');
  });
});
