import type { TTransaction } from '@shop/domain';
import { describe, expect, it } from 'vitest';
import { amountColor, formatDateTime, formatDay, groupByDay, typeLabel } from './transactions';

let nextId = 1;
function tx(type: TTransaction['type'], amount: number, createdAt: string): TTransaction {
  const id = nextId++;
  return { id, type, amount, description: `${type} ${id}`, createdAt };
}

// Server order: newest first.
const purchase = tx('purchase', 500, '2026-11-22T15:05:00.000Z');
const action1 = tx('action', -50, '2026-11-22T16:30:00.000Z');
const refund = tx('refund', 50, '2026-11-22T17:00:00.000Z');
const action2 = tx('action', -1200, '2026-11-23T09:00:00.000Z');
const bigPurchase = tx('purchase', 2500, '2026-11-24T00:10:00.000Z');
const reward = tx('reward', 10, '2026-11-24T08:00:00.000Z');
const all = [reward, bigPurchase, action2, refund, action1, purchase];

describe('formatDateTime', () => {
  it("follows 'MMM dd, yyyy h:mm a'", () => {
    expect(formatDateTime('2026-11-22T15:05:00.000Z', 'UTC')).toBe('Nov 22, 2026 3:05 PM');
    expect(formatDateTime('2026-03-02T00:07:00.000Z', 'UTC')).toBe('Mar 02, 2026 12:07 AM');
    expect(formatDateTime('2026-12-31T11:59:00.000Z', 'UTC')).toBe('Dec 31, 2026 11:59 AM');
  });

  it('uses the given time zone for the calendar day', () => {
    expect(formatDateTime('2026-11-24T00:10:00.000Z', 'America/New_York')).toBe('Nov 23, 2026 7:10 PM');
    expect(formatDay('2026-11-24T00:10:00.000Z', 'America/New_York')).toBe('Nov 23, 2026');
  });
});

describe('groupByDay', () => {
  it('groups by calendar day, newest day and newest row first', () => {
    const days = groupByDay(all, 'UTC');
    expect(days.map((d) => d.day)).toEqual(['Nov 24, 2026', 'Nov 23, 2026', 'Nov 22, 2026']);
    expect(days.map((d) => d.transactions.map((t) => t.id))).toEqual([
      [reward.id, bigPurchase.id],
      [action2.id],
      [refund.id, action1.id, purchase.id],
    ]);
  });

  it('moves a row across midnight with the viewer time zone', () => {
    const days = groupByDay(all, 'America/New_York');
    expect(days.map((d) => [d.day, d.transactions.length])).toEqual([
      ['Nov 24, 2026', 1],
      ['Nov 23, 2026', 2],
      ['Nov 22, 2026', 3],
    ]);
  });

  it('is empty for no rows', () => {
    expect(groupByDay([], 'UTC')).toEqual([]);
  });
});

describe('amountColor and typeLabel', () => {
  it('colours by sign', () => {
    expect(amountColor(500)).toBe('green');
    expect(amountColor(50)).toBe('green');
    expect(amountColor(-50)).toBe('red');
  });

  it('names the types for the badge', () => {
    expect(typeLabel('purchase')).toBe('Purchase');
    expect(typeLabel('admin_grant')).toBe('Admin Grant');
  });
});
