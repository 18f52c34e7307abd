import { describe, expect, it } from 'vitest';
import { parseUpNext, UP_NEXT_TEXT_MAX, upNextText } from './up-next';

describe('parseUpNext', () => {
  it('reads the list, empty included, and nothing else', () => {
    const items = [
      { actionName: 'Creeper', viewer: 'Bea' },
      { actionName: 'Confetti', viewer: 'al' },
    ];
    expect(parseUpNext(JSON.stringify({ type: 'overlay_up_next', items }))).toEqual(items);
    expect(parseUpNext(JSON.stringify({ type: 'overlay_up_next', items: [] }))).toEqual([]);
    expect(parseUpNext(JSON.stringify({ type: 'overlay_alert', alertId: 'a' }))).toBeNull();
    expect(parseUpNext(JSON.stringify({ type: 'overlay_up_next' }))).toBeNull();
    expect(parseUpNext('{')).toBeNull();
  });

  it('drops malformed items, keeps only the listed fields and at most three', () => {
    const items = [
      { actionName: 'A', viewer: 'a', historyId: 7 },
      { actionName: 1, viewer: 'b' },
      null,
      { actionName: 'C', viewer: 'c' },
      { actionName: 'D', viewer: 'd' },
      { actionName: 'E', viewer: 'e' },
    ];
    expect(parseUpNext(JSON.stringify({ type: 'overlay_up_next', items }))).toEqual([
      { actionName: 'A', viewer: 'a' },
      { actionName: 'C', viewer: 'c' },
      { actionName: 'D', viewer: 'd' },
    ]);
  });
});

describe('upNextText', () => {
  it('trims, and cuts long names with an ellipsis', () => {
    expect(upNextText('  Bea ')).toBe('Bea');
    const long = 'x'.repeat(UP_NEXT_TEXT_MAX + 5);
    expect(upNextText(long)).toHaveLength(UP_NEXT_TEXT_MAX);
    expect(upNextText(long).endsWith('…')).toBe(true);
    expect(upNextText('y'.repeat(UP_NEXT_TEXT_MAX))).toBe('y'.repeat(UP_NEXT_TEXT_MAX));
  });
});
