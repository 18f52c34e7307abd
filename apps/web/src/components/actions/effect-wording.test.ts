import { describe, expect, it } from 'vitest';
import { effectLength } from './effect-wording';

describe('effectLength', () => {
  it('says how long a timed action lasts, and nothing for an instant one', () => {
    expect(effectLength(30)).toBe('30 s effect');
    expect(effectLength(120)).toBe('2 min effect');
    expect(effectLength(90)).toBe('1 min 30 s effect');
    expect(effectLength(3600)).toBe('1 h effect');
    expect(effectLength(0)).toBeNull();
  });
});
