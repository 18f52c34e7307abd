import { abortReason } from './deadline';

/**
 * First come, first served turns on one connection: `acquire` resolves with a `release` function when it is
 * the caller's turn. A caller whose signal aborts while waiting leaves the queue (it never got to write).
 */
export class TurnQueue {
  private busy = false;
  private readonly waiting: (() => void)[] = [];

  acquire(signal: AbortSignal): Promise<() => void> {
    if (signal.aborted) return Promise.reject(abortReason(signal));
    return new Promise((resolve, reject) => {
      const grant = () => {
        signal.removeEventListener('abort', onAbort);
        let released = false;
        resolve(() => {
          if (released) return;
          released = true;
          this.next();
        });
      };
      const onAbort = () => {
        const index = this.waiting.indexOf(grant);
        if (index >= 0) this.waiting.splice(index, 1);
        reject(abortReason(signal));
      };
      if (!this.busy) {
        this.busy = true;
        grant();
        return;
      }
      this.waiting.push(grant);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  private next(): void {
    const grant = this.waiting.shift();
    if (grant) grant();
    else this.busy = false;
  }
}
