import { DeliveryFailure } from './failure';

export interface Deadline {
  /** Aborts with the given failure as its reason when the time is up. */
  signal: AbortSignal;
  /** Clears the timer; call when the attempt is over. */
  dispose(): void;
}

/**
 * One timer for a whole delivery attempt (connect, waiting for a turn, the exchange). Every step races the
 * same signal, so the attempt ends on time whichever step it is in. The timer is unref'd: an attempt in
 * progress keeps the process alive through its socket, never through its timer.
 */
export function startDeadline(timeoutMs: number, failure: DeliveryFailure): Deadline {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(failure), timeoutMs);
  timer.unref();
  return { signal: controller.signal, dispose: () => clearTimeout(timer) };
}

/** The promise's result, or the signal's reason when it aborts first. The promise itself is not cancelled. */
export function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** The failure a deadline aborted with; a plain abort (not ours) becomes a generic retryable failure. */
export function abortReason(signal: AbortSignal): DeliveryFailure {
  const reason: unknown = signal.reason;
  return reason instanceof DeliveryFailure ? reason : new DeliveryFailure('Delivery aborted', true);
}

/**
 * Waits for a connection being opened, within the signal. When the signal wins, the connection is closed as
 * soon as it opens, so an attempt that gave up never leaves a socket behind.
 */
export async function openWithin<C extends { close(): Promise<void> }>(
  opening: Promise<C>,
  signal: AbortSignal,
): Promise<C> {
  try {
    return await raceAbort(opening, signal);
  } catch (error) {
    opening.then(
      (connection) => connection.close(),
      () => {},
    );
    throw error;
  }
}
