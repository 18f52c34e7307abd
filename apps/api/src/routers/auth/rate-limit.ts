import { type RateLimiter, refuseWhenLimited } from '../../rate-limit';

/** Counts one attempt under `key`; over the limit it throws the 429 (with its Retry-After seconds). */
export async function enforceRateLimit(limiter: RateLimiter, key: string, now: number): Promise<void> {
  refuseWhenLimited(await limiter.take(key, now));
}
