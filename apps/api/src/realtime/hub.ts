import type { TRealtimeMessage } from '@shop/domain';
import type { WebSocket } from 'ws';
import { deliveryOf } from './audience';
import type { RealtimeBus } from './redis-bus';

/** Close code 1008 (policy violation) with a reason a client can show. */
export const TOO_MANY_SOCKETS = { code: 1008, reason: 'Too many connections from your address' } as const;

interface SocketState {
  address: string;
  /** Null until (and unless) the upgrade's session cookie names a viewer. */
  userId: number | null;
}

/**
 * Every connected /ws client (viewer-spec section 3 RealtimeMessage). Public events go to all of
 * them; a viewer's receipts (`action_status`) only to that viewer's signed-in sockets.
 */
export class RealtimeHub {
  private readonly sockets = new Map<WebSocket, SocketState>();
  private readonly perAddress = new Map<string, number>();
  private bus: RealtimeBus | null = null;

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
    this.sockets.set(socket, { address, userId: null });
    let alive = true;
    socket.on('pong', () => {
      alive = true;
    });
    const check = setInterval(() => {
      // A socket that missed a whole ping round is a dead peer behind a proxy: drop it.
      if (!alive) {
        socket.terminate();
        return;
      }
      alive = false;
      socket.ping();
    }, 30_000);
    check.unref();
    socket.on('close', () => {
      clearInterval(check);
      this.forget(socket);
    });
    return true;
  }

  /** True when the address already holds its cap of sockets (a new one would be closed at once). */
  isFull(address: string): boolean {
    return (this.perAddress.get(address) ?? 0) >= this.limits.socketsPerAddress;
  }

  /** The socket belongs to this signed-in viewer; from now on it also gets their receipts. */
  identify(socket: WebSocket, userId: number): void {
    const state = this.sockets.get(socket);
    if (state) state.userId = userId;
  }

  /** With a bus, messages go through it (and come back to us) so every process sees them. */
  useBus(bus: RealtimeBus): void {
    this.bus = bus;
  }

  broadcast(message: TRealtimeMessage): void {
    const data = JSON.stringify(message);
    if (this.bus) this.bus.publish(data);
    else this.deliverLocally(data);
  }

  /** The audience is decided here, on delivery, so a message relayed from another process is filtered the same way. */
  deliverLocally(data: string): void {
    const delivery = deliveryOf(data);
    if (!delivery) return;
    for (const [socket, state] of this.sockets) {
      if (socket.readyState !== socket.OPEN) continue;
      if (delivery.to === 'user' && state.userId !== delivery.userId) continue;
      socket.send(delivery.text);
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
