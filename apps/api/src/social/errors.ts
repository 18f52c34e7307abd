/** A failure worth showing on the page; the message never holds a token. */
export class SocialSourceError extends Error {}

export const SOCIAL_TIMEOUT_MS = 5_000;

/** fetch with the timeout; a network failure becomes a SocialSourceError naming only what went wrong. */
export async function fetchWithTimeout(url: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(SOCIAL_TIMEOUT_MS) });
  } catch (error) {
    const timedOut = error instanceof Error && error.name === 'TimeoutError';
    throw new SocialSourceError(timedOut ? `no answer within ${SOCIAL_TIMEOUT_MS / 1000} s` : 'the connection failed');
  }
}
