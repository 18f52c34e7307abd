import { raceAbort } from './deadline';
import { ConnectionLost, DeliveryFailure } from './failure';

/** What the pool needs of a connection. */
export interface KeptConnection {
  readonly alive: boolean;
  /** Runs once when the connection ends for any reason. */
  onEnd(listener: () => void): void;
  close(): Promise<void>;
}

/** One key's connection and who is using it. */
class Slot<C> {
  /** Set when the connection is open. */
  open: C | null = null;
  /** Deliveries using (or waiting for) this connection right now. */
  users = 0;
  idleTimer: NodeJS.Timeout | null = null;
  /** Settles once: the open connection, or the reason it could not be opened. */
  readonly connection: Promise<C>;

  constructor(
    readonly key: string,
    readonly url: string,
    start: (slot: Slot<C>) => Promise<C>,
  ) {
    this.connection = start(this);
    // Callers may all have given up (their deadline passed) before this settles.
    this.connection.catch(() => {});
  }
}

export interface PoolStats {
  /** Connections open or being opened now. */
  connections: number;
  /** Connections opened (and logged in) since the start. */
  opened: number;
}

/**
 * Kept-open connections by key (URL and secret together, so an endpoint edited to a new address or password
 * gets a new connection and the old one is closed once idle). Concurrent callers for one key share one
 * connection, also while it is being opened. A connection that ends is forgotten at once, so the next
 * caller opens a new one; a connection nobody used for `idleMs` is closed.
 */
export class ConnectionPool<C extends KeptConnection> {
  private readonly slots = new Map<string, Slot<C>>();
  private opened = 0;
  private closed = false;

  constructor(private readonly idleMs: number) {}

  /**
   * Runs `use` with the connection for `key`, opening it with `open` when there is none. `signal` bounds the
   * wait for the connection; `use` is expected to honour it too.
   */
  async with<T>(
    key: string,
    url: string,
    open: () => Promise<C>,
    signal: AbortSignal,
    use: (connection: C) => Promise<T>,
  ): Promise<T> {
    if (this.closed) throw new DeliveryFailure('Dispatcher is closed', true);
    const slot = this.slotFor(key, url, open);
    slot.users += 1;
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    try {
      return await use(await raceAbort(slot.connection, signal));
    } finally {
      slot.users -= 1;
      if (slot.users === 0 && this.slots.get(key) === slot) this.armIdleTimer(slot);
    }
  }

  /** Closes every connection to `url` (any secret), e.g. when an endpoint is edited or deleted. */
  async forget(url: string): Promise<void> {
    const gone = [...this.slots.values()].filter((slot) => slot.url === url);
    await Promise.all(gone.map((slot) => this.discard(slot)));
  }

  /** Closes everything; later calls to `with` fail at once. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.slots.values()].map((slot) => this.discard(slot)));
  }

  stats(): PoolStats {
    return { connections: this.slots.size, opened: this.opened };
  }

  private slotFor(key: string, url: string, open: () => Promise<C>): Slot<C> {
    const existing = this.slots.get(key);
    // A connection that ended is removed by its onEnd listener; the `alive` check covers the same tick.
    if (existing && (existing.open === null || existing.open.alive)) return existing;
    if (existing) this.slots.delete(key);

    const slot = new Slot<C>(key, url, (slot) =>
      open().then(
        (connection) => {
          this.opened += 1;
          if (this.slots.get(key) !== slot) {
            // Forgotten, idle-closed or the pool closed while connecting: nobody may use it any more.
            void connection.close();
            throw new ConnectionLost('Connection closed before use');
          }
          slot.open = connection;
          connection.onEnd(() => this.remove(slot));
          return connection;
        },
        (error: unknown) => {
          this.remove(slot);
          throw error;
        },
      ),
    );
    this.slots.set(key, slot);
    return slot;
  }

  private armIdleTimer(slot: Slot<C>): void {
    slot.idleTimer = setTimeout(() => void this.discard(slot), this.idleMs);
    // Never keep a process alive just to close an idle connection later.
    slot.idleTimer.unref();
  }

  private remove(slot: Slot<C>): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
    if (this.slots.get(slot.key) === slot) this.slots.delete(slot.key);
  }

  /** Removes the slot and closes its connection (one still opening is closed when it opens). */
  private async discard(slot: Slot<C>): Promise<void> {
    this.remove(slot);
    await slot.open?.close();
  }
}
