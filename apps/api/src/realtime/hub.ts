import type { TRealtimeMessage } from '@shop/domain';
import type { WebSocket } from 'ws';
import { type Delivery, deliveryOf } from './audience';
import { keepAlive } from './heartbeat';
import type { RealtimeBus } from './redis-bus';
import { RevocationLog } from './revocations';

/** How many recent public events a new socket receives (the 'last 10'). */
export const BACKLOG_SIZE = 10;

/** Close code 1008 (policy violation) with a reason a client can show. */
export const TOO_MANY_SOCKETS = { code: 1008, reason: 'Too many connections from your address' } as const;

/** The session behind a socket ended (logout, password change); the page reconnects signed out. */
export const SESSION_ENDED = { code: 1008, reason: 'Session ended' } as const;

/** The signed-in viewer behind a socket, and the session its upgrade was authenticated with. */
export interface SocketViewer {
  userId: number;
  /** The session's id (the hash of its cookie token), never the token. */
  sessionId: string;
  /** Gets the control room's queue changes. */
  isAdmin?: boolean;
}

/** Sessions that no longer exist: one (a logout), or every one of a user but `keep` (a password change). */
export type EndedSessions = { sessionId: string } | { userId: number; keep: string | null };

/** Travels on the realtime bus beside the viewers' messages; audience.ts never lets it reach a socket. */
const SESSIONS_ENDED = 'sessions_ended';

function ends(ended: EndedSessions, viewer: SocketViewer): boolean {
  if ('sessionId' in ended) return ended.sessionId === viewer.sessionId;
  return ended.userId === viewer.userId && ended.keep !== viewer.sessionId;
}

function endedSessionsOf(value: unknown): EndedSessions | null {
  if (typeof value !== 'object' || value === null) return null;
  const { type, sessionId, userId, keep } = value as Record<string, unknown>;
  if (type !== SESSIONS_ENDED) return null;
  if (typeof sessionId === 'string') return { sessionId };
  if (typeof userId === 'number') return { userId, keep: typeof keep === 'string' ? keep : null };
  return null;
}

interface SocketState {
  address: string;
  /** Null until (and unless) the upgrade's session cookie names a viewer, and again once that session ends. */
  viewer: SocketViewer | null;
}

/**
 * Every connected /ws client (viewer-spec section 3 RealtimeMessage). Public events go to all of
 * them; a viewer's receipts (`action_status`) only to that viewer's signed-in sockets.
 */
export class RealtimeHub {
  private readonly sockets = new Map<WebSocket, SocketState>();
  private readonly perAddress = new Map<string, number>();
  private bus: RealtimeBus | null = null;
  /**
   * The last public feed events, oldest first, sent to every new socket so Live Activity is never
   * empty on load. Filled on delivery, so with Redis every process keeps the same events (each
   * hears every process's broadcasts); seeded from the database at start-up (seedBacklog).
   */
  private backlog: string[] = [];
  private readonly ended = new RevocationLog<EndedSessions>();
  private readonly queueListeners = new Set<() => void>();

  constructor(private readonly limits: { socketsPerAddress: number }) {}

  /**
   * Takes a new socket as anonymous; returns false (and closes it) when its address already holds
   * the cap, so one client cannot exhaust the process's sockets. Synchronous on purpose: a burst
   * of upgrades is counted before any of them waits on the session lookup.
   */
  add(socket: WebSocket, address: string): boolean {
    if (this.isFull(address)) {
      socket.close(TOO_MANY_SOCKETS.code, TOO_MANY_SOCKETS.reason);
      return false;
    }
    this.perAddress.set(address, (this.perAddress.get(address) ?? 0) + 1);
    this.sockets.set(socket, { address, viewer: null });
    for (const text of this.backlog) socket.send(text);
    keepAlive(socket, () => this.forget(socket));
    return true;
  }

  /** True when the address already holds its cap of sockets (a new one would be closed at once). */
  isFull(address: string): boolean {
    return (this.perAddress.get(address) ?? 0) >= this.limits.socketsPerAddress;
  }

  /** Taken before an upgrade looks its session up; `identify` checks what ended since. */
  revocationMark(): number {
    return this.ended.mark();
  }

  /**
   * The socket belongs to this signed-in viewer; from now on it also gets their receipts. False (and
   * the socket closed) when its session ended while the upgrade was looking it up.
   */
  identify(socket: WebSocket, viewer: SocketViewer, mark: number): boolean {
    const state = this.sockets.get(socket);
    if (!state) return false;
    if (this.ended.since(mark, (ended) => ends(ended, viewer))) {
      socket.close(SESSION_ENDED.code, SESSION_ENDED.reason);
      return false;
    }
    state.viewer = viewer;
    return true;
  }

  /**
   * Closes the sockets signed in with sessions that were just deleted, here and (through the bus) in
   * every other process: a revoked session must not keep its viewer's receipts flowing. Call it after
   * the deletion committed. This process acts at once; hearing its own message back changes nothing.
   */
  endSessions(ended: EndedSessions): void {
    this.endLocally(ended);
    this.bus?.publish(JSON.stringify({ type: SESSIONS_ENDED, ...ended }));
  }

  private endLocally(ended: EndedSessions): void {
    this.ended.record(ended);
    for (const [socket, state] of this.sockets) {
      if (!state.viewer || !ends(ended, state.viewer)) continue;
      // No receipt may slip out during the closing handshake.
      state.viewer = null;
      socket.close(SESSION_ENDED.code, SESSION_ENDED.reason);
    }
  }

  /** With a bus, messages go through it (and come back to us) so every process sees them. */
  useBus(bus: RealtimeBus): void {
    this.bus = bus;
  }

  broadcast(message: TRealtimeMessage): void {
    if (this.bus) this.bus.publish(JSON.stringify(message));
    else this.deliver(deliveryOf(message));
  }

  /** A message relayed from another process, filtered exactly as this process's own. */
  deliverLocally(data: string): void {
    let value: unknown;
    try {
      value = JSON.parse(data);
    } catch {
      return;
    }
    const ended = endedSessionsOf(value);
    if (ended) this.endLocally(ended);
    else this.deliver(deliveryOf(value));
  }

  /**
   * Called on every queue_changed this process delivers, its own or (with Redis) another process's,
   * whether or not an admin is connected here: the overlays' 'Up next' follows the queue too.
   */
  onQueueChanged(listener: () => void): void {
    this.queueListeners.add(listener);
  }

  /** The audience is decided here, on delivery, so every process filters a message the same way. */
  private deliver(delivery: Delivery | null): void {
    if (!delivery) return;
    if (delivery.to === 'admins' && delivery.message.type === 'queue_changed') {
      for (const listener of this.queueListeners) listener();
    }
    let text: string | null = null;
    const textOf = () => {
      text ??= JSON.stringify(delivery.message);
      return text;
    };
    if (delivery.to === 'everyone' && delivery.feed) this.remember(delivery.message);
    for (const [socket, state] of this.sockets) {
      if (socket.readyState !== socket.OPEN) continue;
      if (delivery.to === 'user' && state.viewer?.userId !== delivery.userId) continue;
      if (delivery.to === 'admins' && state.viewer?.isAdmin !== true) continue;
      socket.send(textOf());
    }
  }

  /** Kept as a replay: a page that gets it on connect lists it without announcing it as news. */
  private remember(message: TRealtimeMessage): void {
    this.backlog.push(JSON.stringify({ ...message, replay: true }));
    if (this.backlog.length > BACKLOG_SIZE) this.backlog = this.backlog.slice(-BACKLOG_SIZE);
  }

  /** The feed as it stood before this process started (oldest first); ignored once events arrived. */
  seedBacklog(messages: readonly TRealtimeMessage[]): void {
    if (this.backlog.length > 0) return;
    for (const message of messages) {
      const delivery = deliveryOf(message);
      if (delivery?.to === 'everyone' && delivery.feed) this.remember(delivery.message);
    }
  }

  private forget(socket: WebSocket): void {
    const state = this.sockets.get(socket);
    if (!state) return;
    this.sockets.delete(socket);
    const left = (this.perAddress.get(state.address) ?? 1) - 1;
    if (left > 0) this.perAddress.set(state.address, left);
    else this.perAddress.delete(state.address);
  }

  async close(): Promise<void> {
    await this.bus?.close();
    this.bus = null;
    for (const socket of this.sockets.keys()) socket.terminate();
    this.sockets.clear();
    this.perAddress.clear();
  }
}
