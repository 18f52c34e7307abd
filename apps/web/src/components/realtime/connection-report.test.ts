import { describe, expect, it } from 'vitest';
import { connectionReport, type ProbeResult, testButtonLabel } from './connection-report';

const own = { url: 'ws://shop.test/ws', label: 'This shop (/ws)' };
const backup = { url: 'wss://backup.test/ws', label: 'backup.test' };

describe('connectionReport', () => {
  it('speaks of the live connection when there is only the one endpoint', () => {
    expect(connectionReport([{ endpoint: own, outcome: 'connected', ms: 12 }], 5000)).toEqual({
      ok: true,
      summary: 'The live connection works.',
      lines: ['This shop (/ws): connected in 12 ms'],
    });
    expect(connectionReport([{ endpoint: own, outcome: 'refused', ms: null }], 5000)).toEqual({
      ok: false,
      summary: 'The live connection could not be made.',
      lines: ['This shop (/ws): could not connect'],
    });
  });

  it('names each endpoint and how it answered', () => {
    const results: ProbeResult[] = [
      { endpoint: own, outcome: 'timeout', ms: null },
      { endpoint: backup, outcome: 'connected', ms: 40 },
    ];
    expect(connectionReport(results, 5000)).toEqual({
      ok: true,
      summary: '1 of 2 endpoints answered.',
      lines: ['This shop (/ws): no answer within 5 s', 'backup.test: connected in 40 ms'],
    });
    const none = results.map((r) => ({ ...r, outcome: 'refused' as const, ms: null }));
    expect(connectionReport(none, 5000).summary).toBe('None of the 2 endpoints answered.');
    const all = results.map((r) => ({ ...r, outcome: 'connected' as const, ms: 5 }));
    expect(connectionReport(all, 5000).summary).toBe('All 2 endpoints answered.');
  });
});

describe('testButtonLabel', () => {
  it("offers the other endpoints when the feed is down and there are others: 'Test Connection / Test Other Endpoints'", () => {
    expect(testButtonLabel(true, 1)).toBe('Test Connection');
    expect(testButtonLabel(false, 1)).toBe('Test Connection');
    expect(testButtonLabel(true, 3)).toBe('Test Connection');
    expect(testButtonLabel(false, 3)).toBe('Test Other Endpoints');
  });
});
