import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { errorMessage, errorStatus } from './errors';

function trpcError(message: string, httpStatus: number) {
  return new TRPCClientError(message, {
    result: { error: { code: -32001, message, data: { code: 'UNAUTHORIZED', httpStatus } } },
  });
}

describe('errorMessage', () => {
  it('prefixes the HTTP status as the spec shows it', () => {
    expect(errorMessage(trpcError('Invalid username or password', 401))).toBe('401: Invalid username or password');
    expect(errorMessage(trpcError('Username already exists', 409))).toBe('409: Username already exists');
  });

  it('falls back to the bare message when the server never answered', () => {
    expect(errorMessage(new TRPCClientError('Failed to fetch'))).toBe('Failed to fetch');
    expect(errorMessage(new Error('boom'))).toBe('boom');
    expect(errorMessage('plain')).toBe('plain');
  });

  it('reads the status for the signed-out check', () => {
    expect(errorStatus(trpcError('You must be logged in', 401))).toBe(401);
    expect(errorStatus(new Error('x'))).toBeUndefined();
  });
});
