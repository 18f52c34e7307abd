import { DeliveryFailure, NO_OVERLAY_OPEN, type OverlayAlert, type OverlayChannel } from '@shop/dispatch';
import type { TOverlayAlert } from '@shop/domain';
import type { WebSocket } from 'ws';
import { keepAlive } from './heartbeat';
import type { RealtimeBus } from './redis-bus';

/** The overlay page stops reconnecting on this close (its URL is no longer valid). */
export const UNKNOWN_OVERLAY = { code: 1008, reason: 'Unknown overlay' } as const;

/** What processes tell each other over the overlay bus channel. */
type BusMessage = { kind: 'alert'; name: string; alert: TOverlayAlert } | { kind: 'ack'; alertId: string };

/**
 * The built-in overlay's sockets (`/ws/overlay?token=`), and the delivery channel the dispatcher's
 * overlay transport uses. An alert goes to every open overlay of the endpoint; the first
 * `overlay_ack` completes the delivery, later ones are ignored.
 *
 * With Redis, the overlay may be open on another process: alerts and acks then travel on their own
 * bus channel, every process shows the alert on its overlays and the first ack (from anywhere)
 * completes it. Without a bus, no open overlay here means none anywhere, so the attempt fails at
 * once instead of waiting out the timeout.
 */
export class OverlayHub implements OverlayChannel {
  private readonly overlays = new Map<string, Set<WebSocket>>();
  private readonly waiting = new Map<string, Set<() => void>>();
  private readonly tokens = new Map<WebSocket, string>();
  private bus: RealtimeBus | null = null;

  constructor(private readonly now: () => number) {}

  useBus(bus: RealtimeBus): void {
    this.bus = bus;
  }

  /**
   * A signed-in overlay: its token named an active overlay endpoint, whose URL names it
   * (`overlay://<name>`). Endpoints sharing a name share their overlays.
   */
  add(name: string, token: string, socket: WebSocket): void {
    const set = this.overlays.get(name) ?? new Set<WebSocket>();
    set.add(socket);
    this.overlays.set(name, set);
    this.tokens.set(socket, token);
    socket.on('message', (raw) => this.onOverlayMessage(raw.toString()));
    // The page reconnects by itself after a drop.
    keepAlive(socket, () => {
      set.delete(socket);
      this.tokens.delete(socket);
      if (set.size === 0 && this.overlays.get(name) === set) this.overlays.delete(name);
    });
  }

  /** The endpoint was deleted, switched off or stopped being an overlay: its open pages lose their right to alerts. */
  disconnect(token: string): void {
    for (const [socket, held] of this.tokens) {
      if (held === token) socket.close(UNKNOWN_OVERLAY.code, UNKNOWN_OVERLAY.reason);
    }
  }

  /** Open overlays of an endpoint in this process (tests and diagnostics). */
  openCount(name: string): number {
    return this.overlays.get(name)?.size ?? 0;
  }

  show(name: string, alert: OverlayAlert, signal: AbortSignal): Promise<void> {
    const message: TOverlayAlert = { type: 'overlay_alert', ...alert, timestamp: new Date(this.now()).toISOString() };
    if (!this.bus && this.openCount(name) === 0) return Promise.reject(new DeliveryFailure(NO_OVERLAY_OPEN, true));
    return new Promise<void>((resolve, reject) => {
      const done = () => {
        cleanup();
        resolve();
      };
      const onAbort = () => {
        cleanup();
        reject(signal.reason);
      };
      const cleanup = () => {
        const set = this.waiting.get(alert.alertId);
        set?.delete(done);
        if (set?.size === 0) this.waiting.delete(alert.alertId);
        signal.removeEventListener('abort', onAbort);
      };
      if (signal.aborted) {
        reject(signal.reason);
        return;
      }
      signal.addEventListener('abort', onAbort, { once: true });
      const set = this.waiting.get(alert.alertId) ?? new Set<() => void>();
      set.add(done);
      this.waiting.set(alert.alertId, set);
      if (this.bus) this.bus.publish(JSON.stringify({ kind: 'alert', name, alert: message } satisfies BusMessage));
      else this.sendLocally(name, message);
    });
  }

  /** A message from the overlay bus (every process, this one included). */
  fromBus(data: string): void {
    let value: BusMessage;
    try {
      value = JSON.parse(data) as BusMessage;
    } catch {
      return;
    }
    if (value.kind === 'alert') this.sendLocally(value.name, value.alert);
    else if (value.kind === 'ack' && typeof value.alertId === 'string') this.acked(value.alertId);
  }

  private sendLocally(name: string, message: TOverlayAlert): void {
    const text = JSON.stringify(message);
    for (const socket of this.overlays.get(name) ?? []) {
      if (socket.readyState === socket.OPEN) socket.send(text);
    }
  }

  private onOverlayMessage(text: string): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const { type, alertId } = value as { type?: unknown; alertId?: unknown };
    if (type !== 'overlay_ack' || typeof alertId !== 'string' || alertId.length > 100) return;
    if (this.bus) this.bus.publish(JSON.stringify({ kind: 'ack', alertId } satisfies BusMessage));
    else this.acked(alertId);
  }

  private acked(alertId: string): void {
    for (const resolve of [...(this.waiting.get(alertId) ?? [])]) resolve();
  }

  async close(): Promise<void> {
    await this.bus?.close();
    this.bus = null;
    for (const set of this.overlays.values()) for (const socket of set) socket.terminate();
    this.overlays.clear();
    this.tokens.clear();
  }
}
