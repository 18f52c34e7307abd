import { closeSync, fdatasync, openSync } from 'node:fs';

/**
 * Commits made durable off the event loop. With `synchronous = FULL`, SQLite syncs the WAL inside
 * every COMMIT, and better-sqlite3 runs COMMIT on the one JavaScript thread: the whole shop stood
 * still for each disk flush (what taking it off the thread buys: README.md here). The connection runs
 * with `synchronous = NORMAL` instead (COMMIT writes the WAL, SQLite still syncs around checkpoints), and
 * this syncs the WAL file on libuv's thread pool before anyone is told of the commit: the connection
 * hands back no result while a commit made before it is not on disk (share.ts). The disk
 * work is the same fdatasync of the same file FULL does; what changes is that the event loop serves
 * other requests meanwhile, and that one flush covers every commit written before it started.
 */
const STOPPED_MESSAGE =
  'The database could not write to disk; the shop stopped taking changes. Restart it once the disk is healthy.';

export class WalSync {
  /** Commits written to the WAL so far. */
  private written = 0;
  /** Commits known to be on disk. */
  private synced = 0;
  private running: Promise<void> | null = null;
  private stoppedBy: Error | null = null;
  private waiters: { upTo: number; resolve: () => void; reject: (error: Error) => void }[] = [];

  constructor(private readonly flush: () => Promise<void>) {}

  /** A commit's frames were just written to the WAL. */
  committed(): void {
    this.written++;
  }

  /**
   * Why the database stopped taking work: set by the first failed flush and never cleared. The
   * connection refuses every statement from then on (share.ts), and the shop reports itself
   * unhealthy, until a restart lets SQLite recover from what really reached the disk.
   */
  get failure(): Error | null {
    return this.stoppedBy;
  }

  /** Settles once every commit written so far is on disk; nothing to wait for when that is already so. */
  durable(): Promise<void> | undefined {
    if (this.stoppedBy) return Promise.reject(this.stoppedBy);
    if (this.synced >= this.written) return undefined;
    const upTo = this.written;
    return new Promise((resolve, reject) => {
      this.waiters.push({ upTo, resolve, reject });
      this.start();
    });
  }

  /** Waits for the flush in progress, if any: closing the database must not pull the file from under it. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  private start(): void {
    if (this.running || this.waiters.length === 0) return;
    // Everything counted now was written before the flush begins, so the flush covers it.
    const upTo = this.written;
    this.running = this.flush().then(
      () => {
        this.synced = upTo;
        this.running = null;
        this.settle();
        this.start();
      },
      (cause: unknown) => {
        // After a failed fsync the kernel may have dropped the unwritten pages: a second fsync that
        // succeeds proves nothing, and neither would any commit made after it. Every later wait
        // fails too, and the connection takes no more work, until the shop restarts and SQLite
        // recovers what reached the disk.
        const failure = new Error(STOPPED_MESSAGE, { cause });
        this.stoppedBy = failure;
        this.running = null;
        for (const waiter of this.waiters.splice(0)) waiter.reject(failure);
      },
    );
  }

  private settle(): void {
    const still: typeof this.waiters = [];
    for (const waiter of this.waiters) {
      if (waiter.upTo <= this.synced) waiter.resolve();
      else still.push(waiter);
    }
    this.waiters = still;
  }
}

/**
 * fdatasync of `<database>-wal`, opened at the first flush (SQLite creates the file with the first
 * write) and kept open: one descriptor for the life of the connection, closed after the database.
 */
export function walFileFlush(databaseFile: string): { flush: () => Promise<void>; close: () => void } {
  let fd: number | null = null;
  return {
    flush: () =>
      new Promise((resolve, reject) => {
        try {
          fd ??= openSync(`${databaseFile}-wal`, 'r+');
        } catch (error) {
          reject(error);
          return;
        }
        fdatasync(fd, (error) => (error ? reject(error) : resolve()));
      }),
    close: () => {
      if (fd !== null) closeSync(fd);
      fd = null;
    },
  };
}
