import { createHash } from 'node:crypto';
import { DeliveryFailure, NO_OVERLAY_OPEN, type OverlayAlert, type OverlayChannel } from '@shop/dispatch';
import type { TOverlayAlert, TOverlayUpNext, TOverlayUpNextItem } from '@shop/domain';
import type { WebSocket } from 'ws';
import { keepAlive } from './heartbeat';
import type { RealtimeBus } from './redis-bus';
import { RevocationLog } from './revocations';

/** The overlay page stops reconnecting on this close (its URL is no longer valid). */
export const UNKNOWN_OVERLAY = { code: 1008, reason: 'Unknown overlay' } as const;

/**
 * Alerts one overlay was shown and has not acked yet. An open page acks each at once, so only a page
 * that stopped acking fills this; the oldest then give way.
 */
const MAX_UNACKED_PER_OVERLAY = 100;

/** What processes tell each other over the overlay bus channel. */
type BusMessage =
  | { kind: 'alert'; name: string; alert: TOverlayAlert }
  | { kind: 'ack'; name: string; alertId: string }
  | { kind: 'disconnect'; tokenHash: string }
  | { kind: 'up_next'; tokenHash: string; on: boolean };

interface OverlaySocket {
  name: string;
  /** The token's SHA-256: the token itself is the page's credential and needs keeping nowhere else. */
  tokenHash: string;
  /** Ids of the alerts this socket was sent and has not acked, oldest first. */
  unacked: Set<string>;
  /** Its endpoint has 'Show "Up next"' on: it gets overlay_up_next. */
  upNext: boolean;
  /** The last overlay_up_next this socket was sent (null: none yet), so only changes go out. */
  lastUpNext: string | null;
}

const hashOf = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');
const waitKey = (name: string, alertId: string): string => `${name}\n${alertId}`;

/**
 * The built-in overlay's sockets (`/ws/overlay?token=`), and the delivery channel the dispatcher's
 * overlay transport uses. An alert goes to every open overlay of the endpoint; the first
 * `overlay_ack` completes the delivery, later ones are ignored. An ack counts only from a socket
 * that was sent that alert for that endpoint: alert ids are delivery ids, easy to guess, and any
 * holder of some overlay URL (or one opened after the alert went out) must not mark another
 * endpoint's alert as shown.
 *
 * With Redis, the overlay may be open on another process: alerts, acks and disconnects then travel
 * on their own bus channel, every process shows the alert on its overlays and the first ack (from
 * anywhere) completes it. Without a bus, no open overlay here means none anywhere, so the attempt
 * fails at once instead of waiting out the timeout.
 */
export class OverlayHub implements OverlayChannel {
  private readonly overlays = new Map<string, Set<WebSocket>>();
  private readonly waiting = new Map<string, Set<() => void>>();
  private readonly sockets = new Map<WebSocket, OverlaySocket>();
  private readonly disconnected = new RevocationLog<string>();
  /** 'Show "Up next"' switched on or off since an upgrade's lookup: the lookup's value is stale. */
  private readonly upNextChanges = new RevocationLog<{ tokenHash: string; on: boolean }>();
  private readonly upNextWanted = new Set<() => void>();
  private bus: RealtimeBus | null = null;

  constructor(private readonly now: () => number) {}

  useBus(bus: RealtimeBus): void {
    this.bus = bus;
  }

  /** Taken before an upgrade looks its token up; `add` checks what was disconnected since. */
  disconnectMark(): number {
    return this.disconnected.mark();
  }

  /** Taken with disconnectMark: `add` checks whether 'Show "Up next"' changed during the lookup. */
  upNextMark(): number {
    return this.upNextChanges.mark();
  }

  /**
   * A signed-in overlay: its token named an active overlay endpoint, whose URL names it
   * (`overlay://<name>`). Endpoints sharing a name share their overlays. False (and the socket
   * closed) when the token was disconnected while the upgrade was looking it up.
   */
  add(
    name: string,
    token: string,
    socket: WebSocket,
    mark = this.disconnected.mark(),
    upNext: { on: boolean; mark: number } = { on: false, mark: this.upNextChanges.mark() },
  ): boolean {
    const tokenHash = hashOf(token);
    if (this.disconnected.since(mark, (gone) => gone === tokenHash)) {
      socket.close(UNKNOWN_OVERLAY.code, UNKNOWN_OVERLAY.reason);
      return false;
    }
    const set = this.overlays.get(name) ?? new Set<WebSocket>();
    set.add(socket);
    this.overlays.set(name, set);
    const state: OverlaySocket = { name, tokenHash, unacked: new Set(), upNext: upNext.on, lastUpNext: null };
    // Switched during the lookup: the newest word counts. (Forgotten changes keep the lookup's value.)
    let changed: boolean | null = null;
    this.upNextChanges.since(upNext.mark, (change) => {
      if (change.tokenHash === tokenHash && changed === null) changed = change.on;
      return changed !== null;
    });
    if (changed !== null) state.upNext = changed;
    this.sockets.set(socket, state);
    socket.on('message', (raw) => this.onOverlayMessage(socket, raw.toString()));
    // The page reconnects by itself after a drop.
    keepAlive(socket, () => {
      set.delete(socket);
      this.sockets.delete(socket);
      if (set.size === 0 && this.overlays.get(name) === set) this.overlays.delete(name);
    });
    if (state.upNext) this.wantUpNext();
    return true;
  }

  /**
   * 'Show "Up next"' of the endpoint with this token was switched: its open pages, in every process,
   * start or stop getting the list (a page switched off is sent an empty one, which hides it). Call
   * it after the change committed.
   */
  setUpNext(token: string, on: boolean): void {
    const tokenHash = hashOf(token);
    this.setUpNextLocally(tokenHash, on);
    this.bus?.publish(JSON.stringify({ kind: 'up_next', tokenHash, on } satisfies BusMessage));
  }

  private setUpNextLocally(tokenHash: string, on: boolean): void {
    this.upNextChanges.record({ tokenHash, on });
    let wanted = false;
    for (const [socket, state] of this.sockets) {
      if (state.tokenHash !== tokenHash || state.upNext === on) continue;
      state.upNext = on;
      if (on) wanted = true;
      else if (state.lastUpNext !== null) {
        state.lastUpNext = null;
        if (socket.readyState === socket.OPEN) socket.send(upNextText([]));
      }
    }
    if (wanted) this.wantUpNext();
  }

  /** Called when a page that shows 'Up next' opens or is switched on here: it needs the list. */
  onUpNextWanted(listener: () => void): void {
    this.upNextWanted.add(listener);
  }

  private wantUpNext(): void {
    for (const listener of this.upNextWanted) listener();
  }

  /** True when some overlay open in this process shows 'Up next' (else reading the queue is wasted). */
  wantsUpNext(): boolean {
    for (const state of this.sockets.values()) if (state.upNext) return true;
    return false;
  }

  /** The list to this process's overlays that show 'Up next'; each gets it only when it changed for them. */
  sendUpNext(items: readonly TOverlayUpNextItem[]): void {
    const text = upNextText(items);
    for (const [socket, state] of this.sockets) {
      if (!state.upNext || state.lastUpNext === text || socket.readyState !== socket.OPEN) continue;
      state.lastUpNext = text;
      socket.send(text);
    }
  }

  /**
   * The endpoint was deleted, switched off, stopped being an overlay or got a new token: the pages
   * open with this token, in every process, lose their right to alerts. Call it after the change
   * committed.
   */
  disconnect(token: string): void {
    const tokenHash = hashOf(token);
    this.disconnectLocally(tokenHash);
    this.bus?.publish(JSON.stringify({ kind: 'disconnect', tokenHash } satisfies BusMessage));
  }

  private disconnectLocally(tokenHash: string): void {
    this.disconnected.record(tokenHash);
    for (const [socket, state] of this.sockets) {
      if (state.tokenHash !== tokenHash) continue;
      // Its acks stop counting now, not when the closing handshake ends.
      state.unacked.clear();
      socket.close(UNKNOWN_OVERLAY.code, UNKNOWN_OVERLAY.reason);
    }
  }

  /** Open overlays of an endpoint in this process (tests and diagnostics). */
  openCount(name: string): number {
    return this.overlays.get(name)?.size ?? 0;
  }

  show(name: string, alert: OverlayAlert, signal: AbortSignal): Promise<void> {
    const message: TOverlayAlert = { type: 'overlay_alert', ...alert, timestamp: new Date(this.now()).toISOString() };
    if (!this.bus && this.openCount(name) === 0) return Promise.reject(new DeliveryFailure(NO_OVERLAY_OPEN, true));
    const key = waitKey(name, alert.alertId);
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
        const set = this.waiting.get(key);
        set?.delete(done);
        if (set?.size === 0) this.waiting.delete(key);
        signal.removeEventListener('abort', onAbort);
      };
      if (signal.aborted) {
        reject(signal.reason);
        return;
      }
      signal.addEventListener('abort', onAbort, { once: true });
      const set = this.waiting.get(key) ?? new Set<() => void>();
      set.add(done);
      this.waiting.set(key, set);
      if (this.bus) this.bus.publish(JSON.stringify({ kind: 'alert', name, alert: message } satisfies BusMessage));
      else this.sendLocally(name, message);
    });
  }

  /** A message from the overlay bus (every process, this one included). */
  fromBus(data: string): void {
    let value: unknown;
    try {
      value = JSON.parse(data);
    } catch {
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const message = value as Partial<Record<string, unknown>>;
    const { alert } = message;
    if (message.kind === 'alert' && typeof message.name === 'string' && typeof alert === 'object' && alert !== null) {
      this.sendLocally(message.name, alert as TOverlayAlert);
    } else if (message.kind === 'ack' && typeof message.name === 'string' && typeof message.alertId === 'string') {
      this.acked(message.name, message.alertId);
    } else if (message.kind === 'disconnect' && typeof message.tokenHash === 'string') {
      this.disconnectLocally(message.tokenHash);
    } else if (message.kind === 'up_next' && typeof message.tokenHash === 'string') {
      this.setUpNextLocally(message.tokenHash, message.on === true);
    }
  }

  private sendLocally(name: string, message: TOverlayAlert): void {
    const text = JSON.stringify(message);
    for (const socket of this.overlays.get(name) ?? []) {
      if (socket.readyState !== socket.OPEN) continue;
      const state = this.sockets.get(socket);
      if (state) remember(state.unacked, message.alertId);
      socket.send(text);
    }
  }

  private onOverlayMessage(socket: WebSocket, text: string): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return;
    }
    if (typeof value !== 'object' || value === null) return;
    const { type, alertId } = value as { type?: unknown; alertId?: unknown };
    if (type !== 'overlay_ack' || typeof alertId !== 'string' || alertId.length > 100) return;
    const state = this.sockets.get(socket);
    // Not sent to this socket (or acked by it already): not its ack to give.
    if (!state?.unacked.delete(alertId)) return;
    if (this.bus) this.bus.publish(JSON.stringify({ kind: 'ack', name: state.name, alertId } satisfies BusMessage));
    else this.acked(state.name, alertId);
  }

  private acked(name: string, alertId: string): void {
    for (const resolve of [...(this.waiting.get(waitKey(name, alertId)) ?? [])]) resolve();
  }

  async close(): Promise<void> {
    await this.bus?.close();
    this.bus = null;
    for (const set of this.overlays.values()) for (const socket of set) socket.terminate();
    this.overlays.clear();
    this.sockets.clear();
  }
}

function upNextText(items: readonly TOverlayUpNextItem[]): string {
  const message: TOverlayUpNext = {
    type: 'overlay_up_next',
    items: items.map(({ actionName, viewer }) => ({ actionName, viewer })),
  };
  return JSON.stringify(message);
}

/** Adds an id as the newest (a re-sent alert moves up), dropping the oldest past the cap. */
function remember(unacked: Set<string>, alertId: string): void {
  unacked.delete(alertId);
  unacked.add(alertId);
  if (unacked.size <= MAX_UNACKED_PER_OVERLAY) return;
  const oldest = unacked.values().next();
  if (!oldest.done) unacked.delete(oldest.value);
}
