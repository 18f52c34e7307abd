import { describe, expect, it } from 'vitest';
import { ordinal } from './ordinal';

describe('ordinal', () => {
  it('gives the podium its suffixes', () => {
    expect([1, 2, 3, 4, 5].map(ordinal)).toEqual(['1st', '2nd', '3rd', '4th', '5th']);
  });

  it('treats the teens as th', () => {
    expect([11, 12, 13, 111, 112, 113].map(ordinal)).toEqual(['11th', '12th', '13th', '111th', '112th', '113th']);
  });

  it('goes back to st, nd, rd after the teens', () => {
    expect([20, 21, 22, 23, 101, 102].map(ordinal)).toEqual(['20th', '21st', '22nd', '23rd', '101st', '102nd']);
  });
});
