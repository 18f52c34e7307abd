import { RCON_TESTER_TIMEOUT_MS } from '@shop/domain';
import { RateLimitedError } from '../../rate-limit';

/**
 * RCON tester calls this process runs at once, whoever makes them. The per-address limit does not bound
 * this: many addresses (or admins, who are not counted) could each hold a lookup and a socket open for
 * seconds.
 */
export const RCON_TESTER_MAX_IN_FLIGHT = 8;

/** Most calls in flight have ended within one tester timeout. */
const RETRY_AFTER_SECONDS = Math.ceil(RCON_TESTER_TIMEOUT_MS / 1000);

/** The 429 for a full house, worded for the tester form (the generic one talks about the caller's attempts). */
class TesterBusyError extends RateLimitedError {
  constructor() {
    super(RETRY_AFTER_SECONDS);
    this.message = 'Too many connection tests are running. Please try again in a few seconds.';
  }
}

let inFlight = 0;

/**
 * Runs `test` in one of the process's tester slots, released however it ends; throws the 429 at once when
 * every slot is taken. Refusing instead of queueing keeps a flood from piling up waiting requests.
 */
export async function inTesterSlot<T>(test: () => Promise<T>): Promise<T> {
  if (inFlight >= RCON_TESTER_MAX_IN_FLIGHT) throw new TesterBusyError();
  inFlight += 1;
  try {
    return await test();
  } finally {
    inFlight -= 1;
  }
}
