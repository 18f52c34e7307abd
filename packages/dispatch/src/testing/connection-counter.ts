/**
 * Counts a stand-in's connections and lets a test wait for a number of them to be open: tests wait for the
 * event (a socket opened or closed), never for a length of time.
 */
export class ConnectionCounter {
  /** Connections accepted since the start. */
  accepted = 0;
  /** Connections open now. */
  open = 0;
  private readonly waiters: { count: number; resolve(): void }[] = [];

  opened(): void {
    this.accepted += 1;
    this.open += 1;
    this.notify();
  }

  closed(): void {
    this.open -= 1;
    this.notify();
  }

  /** Resolves as soon as exactly `count` connections are open (at once when they already are). */
  untilOpen(count: number): Promise<void> {
    if (this.open === count) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ count, resolve }));
  }

  private notify(): void {
    for (const waiter of [...this.waiters]) {
      if (waiter.count !== this.open) continue;
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  }
}

/** What every game-server stand-in tells a test about its clients, and how it plays a restart or a hang. */
export interface GameServerStandIn {
  url: string;
  port: number;
  /** Commands received from logged-in clients, in order. */
  commands: string[];
  /** Connections accepted since the start, wrong passwords included. */
  readonly connections: number;
  /** Connections open now. */
  readonly openConnections: number;
  /** Successful logins since the start. */
  readonly logins: number;
  /** Resolves when exactly `count` connections are open. */
  untilOpenConnections(count: number): Promise<void>;
  /** Drops every client connection from the server's side (as a restart would); resolves once they are closed. */
  dropConnections(): Promise<void>;
  /**
   * While silent, commands are recorded and their answers held back (a hung server; logins are still
   * answered). Turning it off sends the held answers on the connections still open, late.
   */
  setSilent(silent: boolean): void;
  close(): Promise<void>;
}
