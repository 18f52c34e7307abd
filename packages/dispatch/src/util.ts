import type { DeliveryResult } from './types';

export const DEFAULT_TIMEOUT_MS = 5000;
/** Longest response text kept in a result (it ends up in the delivery row). */
export const MAX_RESPONSE_CHARS = 2000;

/**
 * `unreachable`: the target did not answer at all (refused, timed out, login failed), as a game
 * server that is restarting does; the worker may wait for it instead of burning the retries.
 */
export type Outcome =
  | { ok: true; response: string }
  | { ok: false; error: string; retryable: boolean; unreachable?: boolean };

export function truncate(text: string, max = MAX_RESPONSE_CHARS): string {
  return text.length > max ? text.slice(0, max) : text;
}

/**
 * Removes a secret (raw and URL-encoded) from a text that may reach logs or the admin page. Our own messages
 * never contain it; this guards against a server echoing it back. Secrets under 4 characters are left alone:
 * replacing them would garble every message and cannot hide them anyway.
 */
export function redact(text: string, secret: string): string {
  if (secret.length < 4) return text;
  let out = text.split(secret).join('***');
  const encoded = encodeURIComponent(secret);
  if (encoded !== secret) out = out.split(encoded).join('***');
  return out;
}

/** Runs an attempt and stamps it with its duration, turning anything thrown into a retryable failure. */
export async function timed(now: () => number, attempt: () => Promise<Outcome>): Promise<DeliveryResult> {
  const started = now();
  let outcome: Outcome;
  try {
    outcome = await attempt();
  } catch (error) {
    outcome = { ok: false, error: `Unexpected dispatch error: ${errorMessage(error)}`, retryable: true };
  }
  return { ...outcome, durationMs: Math.max(0, now() - started) };
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

export function errorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string') {
    return error.code;
  }
  return undefined;
}

const NETWORK_ERRORS: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host lookup failed',
  EPIPE: 'connection closed',
};

/** 'connection refused' and the like for a socket error code, or undefined when it is not a network error. */
export function networkError(error: unknown): string | undefined {
  const code = errorCode(error);
  if (code === undefined) return undefined;
  return NETWORK_ERRORS[code] ?? (code.startsWith('E') ? `network error ${code}` : undefined);
}

/** host and port of `scheme://host:port`, IPv6 brackets removed; null when the URL does not fit. */
export function parseHostPort(
  url: string,
  protocol: string,
  defaultPort: number,
): { host: string; port: number } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== protocol || parsed.hostname === '') return null;
  const port = parsed.port === '' ? defaultPort : Number(parsed.port);
  if (!Number.isInteger(port) || port < 1 || port > 65535) return null;
  return { host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'), port };
}
