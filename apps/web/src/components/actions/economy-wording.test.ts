import { describe, expect, it } from 'vitest';
import {
  economySummary,
  limitLeft,
  limitNote,
  limitReachedLabel,
  limitWindowHelp,
  stockNote,
  surgedFrom,
} from './economy-wording';

describe('stockNote', () => {
  it('says how few are left from 10 down', () => {
    expect(stockNote(10)).toBe('Only 10 left');
    expect(stockNote(3)).toBe('Only 3 left');
    expect(stockNote(1)).toBe('Only 1 left');
  });

  it('says nothing when plenty, unlimited or sold out (the button says that)', () => {
    expect(stockNote(11)).toBeNull();
    expect(stockNote(null)).toBeNull();
    expect(stockNote(0)).toBeNull();
  });
});

describe('limits', () => {
  it('takes the tighter of the stream and the viewer limit', () => {
    expect(limitLeft({ streamLimitLeft: 5, viewerLimitLeft: 2 })).toBe(2);
    expect(limitLeft({ streamLimitLeft: 1, viewerLimitLeft: 2 })).toBe(1);
    expect(limitLeft({ streamLimitLeft: null, viewerLimitLeft: 0 })).toBe(0);
    expect(limitLeft({ streamLimitLeft: 4, viewerLimitLeft: null })).toBe(4);
    expect(limitLeft({ streamLimitLeft: null, viewerLimitLeft: null })).toBeNull();
  });

  it("words what is left by the server's window", () => {
    expect(limitNote(2, 'stream')).toBe('2 left this stream');
    expect(limitNote(2, 'day')).toBe('2 left today');
    expect(limitNote(0, 'stream')).toBeNull();
    expect(limitNote(null, 'day')).toBeNull();
    expect(limitReachedLabel('stream')).toBe('Limit reached this stream');
    expect(limitReachedLabel('day')).toBe('Limit reached today');
  });

  it('tells the admin a day is counted without Twitch', () => {
    expect(limitWindowHelp('stream')).toContain('per stream (the Twitch broadcast)');
    expect(limitWindowHelp('day')).toContain('per UTC day: no Twitch channel is set up');
  });
});

describe('surgedFrom', () => {
  it('strikes the base price only while surge raised it', () => {
    expect(surgedFrom({ baseCost: 40, cost: 50 })).toBe(40);
    expect(surgedFrom({ baseCost: 40, cost: 40 })).toBeNull();
  });
});

describe('economySummary', () => {
  const none = { stock: null, perStreamLimit: null, perViewerPerStreamLimit: null, surgePercent: 0 } as const;

  it('is null for an action with no economy settings', () => {
    expect(economySummary({ ...none, limitWindow: 'stream' })).toBeNull();
  });

  it("lists what is set, in the server's window", () => {
    const all = { stock: 0, perStreamLimit: 3, perViewerPerStreamLimit: 1, surgePercent: 25 };
    expect(economySummary({ ...all, limitWindow: 'stream' })).toBe(
      '0 in stock · 3 per stream · 1 per viewer per stream · Surge 25%',
    );
    expect(economySummary({ ...none, stock: 1200, perStreamLimit: 3, limitWindow: 'day' })).toBe(
      '1,200 in stock · 3 per day',
    );
  });
});
