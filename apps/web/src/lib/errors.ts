import type { AppRouter } from '@shop/api';
import { TRPCClientError } from '@trpc/client';

function isTrpcError(err: unknown): err is TRPCClientError<AppRouter> {
  return err instanceof TRPCClientError;
}

/** HTTP status of a failed call, when the server answered at all. */
export function errorStatus(err: unknown): number | undefined {
  return isTrpcError(err) ? err.data?.httpStatus : undefined;
}

/** The spec's error text: '<status>: <message>', or just the message when there was no reply (network). */
export function errorMessage(err: unknown): string {
  const status = errorStatus(err);
  const message = err instanceof Error ? err.message : String(err);
  return status ? `${status}: ${message}` : message;
}
