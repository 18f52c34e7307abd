import type { TRPCError } from '@trpc/server';
import { toClientError } from '../errors';

/**
 * tRPC's responseMeta: a refused (429) call says when to come back, as the REST adapter does.
 * A batch carries one header, so it names the longest wait among its calls.
 */
export function retryAfterMeta(errors: readonly TRPCError[]): { headers?: Record<string, string> } {
  let seconds = 0;
  for (const error of errors) seconds = Math.max(seconds, toClientError(error).retryAfterSeconds ?? 0);
  return seconds > 0 ? { headers: { 'retry-after': String(seconds) } } : {};
}
