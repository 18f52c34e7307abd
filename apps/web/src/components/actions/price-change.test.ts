import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { changedPrice } from './price-change';

const trpcError = (data: unknown) =>
  TRPCClientError.from({ error: { message: 'x', code: -32603, data } } as never) as unknown;

describe('changedPrice', () => {
  it("reads the new price of a 409 from the error's details", () => {
    const err = trpcError({ httpStatus: 409, appCode: 'CONFLICT', details: { currentCost: 50 } });
    expect(changedPrice(err)).toBe(50);
  });

  it('is null for other conflicts: sold out and limits carry no price', () => {
    expect(changedPrice(trpcError({ httpStatus: 409, appCode: 'CONFLICT' }))).toBeNull();
    expect(changedPrice(trpcError({ httpStatus: 409, details: { other: 3 } }))).toBeNull();
  });

  it('is null for other statuses, odd values and errors without a reply', () => {
    expect(changedPrice(trpcError({ httpStatus: 402, details: { currentCost: 50 } }))).toBeNull();
    expect(changedPrice(trpcError({ httpStatus: 409, details: { currentCost: '50' } }))).toBeNull();
    expect(changedPrice(trpcError({ httpStatus: 409, details: { currentCost: 0 } }))).toBeNull();
    expect(changedPrice(new Error('Failed to fetch'))).toBeNull();
    expect(changedPrice(null)).toBeNull();
  });
});
