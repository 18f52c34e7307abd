/**
 * The one error type of the shop. Every layer throws AppError with a code; the api maps the code
 * to an HTTP status and a tRPC code through APP_ERROR_STATUS, so REST and tRPC always agree.
 */
export const APP_ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'INSUFFICIENT_COINS',
  'PAYMENT_REFUSED',
  'SERVICE_UNAVAILABLE',
  'UPSTREAM_FAILED',
  'TOO_MANY_REQUESTS',
  'INTERNAL',
] as const;

export type TAppErrorCode = (typeof APP_ERROR_CODES)[number];

export type TRpcErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PRECONDITION_FAILED'
  | 'TOO_MANY_REQUESTS'
  | 'INTERNAL_SERVER_ERROR'
  | 'BAD_GATEWAY'
  | 'SERVICE_UNAVAILABLE'
  | 'PAYMENT_REQUIRED'
  | 'UNPROCESSABLE_CONTENT';

export const APP_ERROR_STATUS: Record<TAppErrorCode, { http: number; trpc: TRpcErrorCode }> = {
  BAD_REQUEST: { http: 400, trpc: 'BAD_REQUEST' },
  UNAUTHORIZED: { http: 401, trpc: 'UNAUTHORIZED' },
  FORBIDDEN: { http: 403, trpc: 'FORBIDDEN' },
  NOT_FOUND: { http: 404, trpc: 'NOT_FOUND' },
  CONFLICT: { http: 409, trpc: 'CONFLICT' },
  INSUFFICIENT_COINS: { http: 402, trpc: 'PAYMENT_REQUIRED' },
  PAYMENT_REFUSED: { http: 422, trpc: 'UNPROCESSABLE_CONTENT' },
  SERVICE_UNAVAILABLE: { http: 503, trpc: 'SERVICE_UNAVAILABLE' },
  UPSTREAM_FAILED: { http: 502, trpc: 'BAD_GATEWAY' },
  TOO_MANY_REQUESTS: { http: 429, trpc: 'TOO_MANY_REQUESTS' },
  INTERNAL: { http: 500, trpc: 'INTERNAL_SERVER_ERROR' },
};

/** Reverse of APP_ERROR_STATUS for errors raised by tRPC itself (input parsing, unknown path). */
export function appErrorCodeFromTrpc(code: string): TAppErrorCode {
  for (const [appCode, status] of Object.entries(APP_ERROR_STATUS)) {
    if (status.trpc === code) return appCode as TAppErrorCode;
  }
  if (code === 'PARSE_ERROR') return 'BAD_REQUEST';
  return 'INTERNAL';
}

export class AppError extends Error {
  readonly code: TAppErrorCode;

  /** Numbers a client needs beside the message (the new price of a 409 'The price changed'). */
  readonly details: Readonly<Record<string, number>> | undefined;

  constructor(
    code: TAppErrorCode,
    message: string,
    options?: { cause?: unknown; details?: Readonly<Record<string, number>> },
  ) {
    super(message, options);
    this.name = 'AppError';
    this.code = code;
    this.details = options?.details;
  }

  static is(value: unknown): value is AppError {
    return value instanceof AppError;
  }
}
