import { describe, expect, it } from 'vitest';
import { hasInvisibleOrControl, hasMarkup } from './visible-text';

describe('hasInvisibleOrControl', () => {
  it.each([
    ['NUL', 'ali\u0000ce'],
    ['BEL', 'alice\u0007'],
    ['a newline', 'alice\nbob'],
    ['DEL', 'alice\u007f'],
    ['a C1 control', 'alice\u0085'],
    ['the right-to-left override', '\u202Eecila'],
    ['a right-to-left isolate', 'alice\u2067'],
    ['a zero-width space', 'ali\u200Bce'],
    ['a zero-width non-joiner', 'ali\u200Cce'],
    ['a zero-width joiner', 'ali\u200Dce'],
    ['a word joiner', 'ali\u2060ce'],
    ['a byte-order mark', '\uFEFFalice'],
    ['a soft hyphen', 'ali\u00ADce'],
    ['a line separator', 'alice\u2028bob'],
    ['a lone surrogate', 'alice\uD800'],
  ])('finds %s', (_name, value) => {
    expect(hasInvisibleOrControl(value)).toBe(true);
  });

  it.each([
    'alice_tv',
    'Alice the Great',
    'Zoë',
    'Ελένη',
    'Владимир',
    '山田太郎',
    'محمد',
    'नमस्ते',
    'Alice 🎮',
    '❤️ fan',
    '👍🏽',
    '🇩🇪 Fan',
  ])('lets %s through', (value) => {
    expect(hasInvisibleOrControl(value)).toBe(false);
  });
});

describe('hasMarkup', () => {
  it('finds angle brackets and nothing else', () => {
    expect(hasMarkup('<b>alice</b>')).toBe(true);
    expect(hasMarkup('alice>')).toBe(true);
    expect(hasMarkup('alice & bob "quoted"')).toBe(false);
  });
});
