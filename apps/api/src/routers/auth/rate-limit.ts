import { AppError } from '@shop/domain';
import type { RateLimiter } from '../../rate-limit';

export function enforceRateLimit(limiter: RateLimiter, key: string, now: number): void {
  const waitSeconds = limiter.take(key, now);
  if (waitSeconds > 0) {
    throw new AppError('TOO_MANY_REQUESTS', `Too many attempts. Please wait ${waitSeconds} seconds and try again.`);
  }
}
