import { describe, expect, it } from 'vitest';
import { decodeLedgerCursor, encodeLedgerCursor } from './ledger';
import { ZTransactionsQuery } from './ledger-schemas';

describe('ledger cursor', () => {
  it('round-trips the last row of a page', () => {
    const cursor = encodeLedgerCursor({ createdAt: 1_767_225_600_000, id: 42 });
    expect(decodeLedgerCursor(cursor)).toEqual({ createdAt: 1_767_225_600_000, id: 42 });
  });

  it('refuses what the server did not make', () => {
    for (const bad of ['', 'abc', '1.2.3', '-1.5', '1.', `${'9'.repeat(16)}.1`])
      expect(decodeLedgerCursor(bad)).toBeNull();
  });
});

describe('ZTransactionsQuery', () => {
  it('pages 50 of every kind by default', () => {
    expect(ZTransactionsQuery.parse(undefined)).toEqual({ limit: 50, filter: 'all' });
    expect(ZTransactionsQuery.parse({ limit: '20', filter: 'spending' })).toEqual({ limit: 20, filter: 'spending' });
  });

  it('bounds the page size', () => {
    expect(ZTransactionsQuery.safeParse({ limit: 0 }).success).toBe(false);
    expect(ZTransactionsQuery.safeParse({ limit: 201 }).error?.issues[0]?.message).toBe('limit must be at most 200');
  });
});
