export interface Timers {
  set: (run: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

const realTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Runs `run` at most once per `windowMs`, however many times it is asked: the first ask runs at
 * once, asks during the window are folded into one run when it closes. A burst of queue_changed
 * messages (a hold releasing 200 triggers) thus costs two list reloads, and the last change is
 * never missed.
 */
export function coalesce(run: () => void, windowMs: number, timers: Timers = realTimers) {
  let timer: unknown = null;
  let asked = false;

  const close = () => {
    if (asked) {
      asked = false;
      run();
      timer = timers.set(close, windowMs);
    } else {
      timer = null;
    }
  };

  return {
    schedule(): void {
      if (timer !== null) {
        asked = true;
        return;
      }
      run();
      timer = timers.set(close, windowMs);
    },
    cancel(): void {
      if (timer !== null) timers.clear(timer);
      timer = null;
      asked = false;
    },
  };
}
