import { describe, expect, it } from 'vitest';
import { highlightWords } from './highlight-words';

describe('highlightWords', () => {
  it('marks the highlighted phrase and keeps the rest as it is', () => {
    expect(highlightWords('Troll Your Favorite Streamer With Epic In-Game Events', ['Epic In-Game Events'])).toEqual([
      { text: 'Troll Your Favorite Streamer With ', highlighted: false },
      { text: 'Epic In-Game Events', highlighted: true },
    ]);
  });

  it('marks every phrase, every time, the longer one first where two start together', () => {
    expect(highlightWords('Top fans, top Top Supporters', ['Top', 'Top Supporters'])).toEqual([
      { text: 'Top', highlighted: true },
      { text: ' fans, top ', highlighted: false },
      { text: 'Top Supporters', highlighted: true },
    ]);
  });

  it('is plain text without highlights, or when a phrase is not in the title', () => {
    expect(highlightWords('Transaction History', [])).toEqual([{ text: 'Transaction History', highlighted: false }]);
    expect(highlightWords('Transaction History', ['Shop', ''])).toEqual([
      { text: 'Transaction History', highlighted: false },
    ]);
  });
});
