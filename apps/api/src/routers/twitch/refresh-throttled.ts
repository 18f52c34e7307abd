import { RateLimitedError } from '../../rate-limit';

/** A refused refresh: a 429 with Retry-After, worded for the refresh button. */
export class RefreshThrottledError extends RateLimitedError {
  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds);
    this.message = `Please wait ${retryAfterSeconds} seconds before refreshing again`;
  }
}
