import { describe, expect, it } from 'vitest';
import { APP_ERROR_CODES, APP_ERROR_STATUS, AppError, appErrorCodeFromTrpc } from './errors';

describe('AppError', () => {
  it('maps every code to an HTTP status and back from its tRPC code', () => {
    for (const code of APP_ERROR_CODES) {
      expect(appErrorCodeFromTrpc(APP_ERROR_STATUS[code].trpc)).toBe(code);
    }
    expect(APP_ERROR_STATUS.INSUFFICIENT_COINS.http).toBe(402);
    expect(appErrorCodeFromTrpc('PARSE_ERROR')).toBe('BAD_REQUEST');
  });

  it('is recognised', () => {
    expect(AppError.is(new AppError('NOT_FOUND', 'x'))).toBe(true);
    expect(AppError.is(new Error('x'))).toBe(false);
  });
});
