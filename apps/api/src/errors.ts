import { APP_ERROR_STATUS, AppError, appErrorCodeFromTrpc, describeZodError, type TAppErrorCode } from '@shop/domain';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import { RateLimitedError } from './rate-limit';

export interface ClientError {
  status: number;
  code: TAppErrorCode;
  message: string;
  /** Set on a 429: the seconds the client should wait, sent as Retry-After. */
  retryAfterSeconds?: number;
  /** Sent beside the message ({status:'error', message, ...details}). */
  details?: Readonly<Record<string, number>>;
}

const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

/**
 * The one mapping from anything thrown to what a client may see. tRPC's errorFormatter and the
 * REST adapter both use it, so /trpc and /api always agree on status and wording.
 */
export function toClientError(error: unknown): ClientError {
  const cause = error instanceof TRPCError && error.cause ? error.cause : error;
  if (cause instanceof RateLimitedError) {
    return { status: 429, code: cause.code, message: cause.message, retryAfterSeconds: cause.retryAfterSeconds };
  }
  if (cause instanceof AppError) {
    return {
      status: APP_ERROR_STATUS[cause.code].http,
      code: cause.code,
      message: cause.message,
      ...(cause.details && { details: cause.details }),
    };
  }
  if (cause instanceof ZodError) {
    return { status: 400, code: 'BAD_REQUEST', message: describeZodError(cause) };
  }
  if (error instanceof TRPCError) {
    const code = appErrorCodeFromTrpc(error.code);
    const status = getHTTPStatusCodeFromError(error);
    if (status >= 500) return { status, code, message: INTERNAL_MESSAGE };
    return { status, code, message: error.message };
  }
  return { status: 500, code: 'INTERNAL', message: INTERNAL_MESSAGE };
}
