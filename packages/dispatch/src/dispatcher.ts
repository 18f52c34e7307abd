import { createHash } from 'node:crypto';
import { ConnectionPool, type KeptConnection, type PoolStats } from './connection-pool';
import { startDeadline } from './deadline';
import { deliver, transportFor } from './deliver';
import { ConnectionLost, DeliveryFailure, failureOutcome, timeoutFailure } from './failure';
import { rconRequestAddress } from './minecraft-rcon';
import { type OverlayChannel, sendOverlayAlert } from './overlay';
import { RconConnection } from './rcon-connection';
import { webRconRequestAddress } from './rust-webrcon';
import type { DeliveryPayload, DeliveryResult, DeliveryTarget, TransportOptions } from './types';
import { DEFAULT_TIMEOUT_MS, type Outcome, timed, truncate } from './util';
import { WebRconConnection } from './webrcon-connection';

/**
 * Delivers commands to targets over connections it keeps open per endpoint (RCON and WebRcon
 * authenticate once and are reused). One per process; close it on shutdown.
 *
 * Delivery is at-least-once, together with the worker's retries: a command is sent again on a new
 * connection only when the kept connection was found closed BEFORE the command was written. Once it may
 * have been written, a failure (connection reset, closed, timed out) is reported as retryable and the
 * worker's retry may run the command a second time; it is never re-sent silently here.
 *
 * HTTP webhooks go through `fetch`, whose agent (undici) already keeps connections alive.
 */
export interface Dispatcher {
  deliver(target: DeliveryTarget, payload: DeliveryPayload, options?: TransportOptions): Promise<DeliveryResult>;
  /**
   * Closes every kept-open connection. Deliveries still in flight fail as retryable; later calls to
   * `deliver` fail at once with 'Dispatcher is closed' (retryable: another process or the next start takes
   * the delivery). Drain the worker first for a clean shutdown.
   */
  close(): Promise<void>;
  /** Closes the connections to `url` at once (any secret), e.g. after an endpoint is edited or deleted. */
  forget(url: string): Promise<void>;
  /** Connection counts, for diagnostics and tests. */
  stats(): DispatcherStats;
}

export interface DispatcherOptions {
  /** A connection unused this long is closed. Default 60 000. */
  idleMs?: number;
  /** The built-in overlay's sockets (the api's); without it overlay:// deliveries fail. */
  overlay?: OverlayChannel;
}

export interface DispatcherStats {
  rcon: PoolStats;
  webrcon: PoolStats;
}

export const DEFAULT_IDLE_MS = 60_000;

export function createDispatcher(options: DispatcherOptions = {}): Dispatcher {
  const idleMs = options.idleMs ?? DEFAULT_IDLE_MS;
  const rconPool = new ConnectionPool<RconConnection>(idleMs);
  const webRconPool = new ConnectionPool<WebRconConnection>(idleMs);
  let closed = false;

  return {
    async deliver(target, payload, transportOptions = {}) {
      if (closed) return { ok: false, error: 'Dispatcher is closed', durationMs: 0, retryable: true };
      const timeoutMs = transportOptions.timeoutMs ?? DEFAULT_TIMEOUT_MS;
      const command = payload.command;
      switch (transportFor(target.url)) {
        case 'rcon':
          return timed(transportOptions.now ?? Date.now, () =>
            sendKept(rconPool, target, 'RCON', timeoutMs, (signal, use) => {
              const address = rconRequestAddress(target.url, command);
              return use(
                () => RconConnection.open(address, target.secret, timeoutMs),
                (connection) => connection.run(command, signal),
              );
            }),
          );
        case 'webrcon':
          return timed(transportOptions.now ?? Date.now, () =>
            sendKept(webRconPool, target, 'WebRcon', timeoutMs, (signal, use) => {
              const address = webRconRequestAddress(target.url, command);
              return use(
                () => WebRconConnection.open(address, target.secret, timeoutMs),
                (connection) => connection.request(command, signal),
              );
            }),
          );
        case 'overlay': {
          const overlay = options.overlay ?? null;
          return timed(transportOptions.now ?? Date.now, () => sendOverlayAlert(overlay, target, payload, timeoutMs));
        }
        default:
          // HTTP (undici keeps its own connections) and unsupported URLs: the one-shot path answers.
          return deliver(target, payload, transportOptions);
      }
    },
    async close() {
      closed = true;
      await Promise.all([rconPool.close(), webRconPool.close()]);
    },
    async forget(url) {
      await Promise.all([rconPool.forget(url), webRconPool.forget(url)]);
    },
    stats: () => ({ rcon: rconPool.stats(), webrcon: webRconPool.stats() }),
  };
}

type Use<C> = (open: () => Promise<C>, run: (connection: C) => Promise<string>) => Promise<string>;

/**
 * One command over the kept connection for `target`, within one deadline for the whole attempt (waiting for
 * a connection being opened and for a turn included).
 */
async function sendKept<C extends KeptConnection>(
  pool: ConnectionPool<C>,
  target: DeliveryTarget,
  label: string,
  timeoutMs: number,
  send: (signal: AbortSignal, use: Use<C>) => Promise<string>,
): Promise<Outcome> {
  const deadline = startDeadline(timeoutMs, timeoutFailure(label, timeoutMs));
  const key = connectionKey(target);
  try {
    for (let attempt = 1; ; attempt++) {
      try {
        const reply = await send(deadline.signal, (open, run) =>
          pool.with(key, target.url, open, deadline.signal, run),
        );
        return { ok: true, response: truncate(reply) };
      } catch (error) {
        // Found closed before the command was written (closed while idle, or while this command waited for
        // its turn): the server has not seen it, so one new connection may carry it. Only once, so a server
        // that drops every connection fails the attempt instead of looping until the deadline.
        if (error instanceof ConnectionLost && attempt === 1) continue;
        if (error instanceof ConnectionLost) throw new DeliveryFailure(`${label} connection closed`, true);
        throw error;
      }
    }
  } catch (error) {
    return failureOutcome(error, target.secret);
  } finally {
    deadline.dispose();
  }
}

/**
 * One connection per URL and secret: an endpoint edited to a new password gets a new connection, and the old
 * one closes when idle. Hashed so the secret is not kept as a map key (stats or a debugger never show it).
 */
function connectionKey(target: DeliveryTarget): string {
  return createHash('sha256').update(target.url).update('\0').update(target.secret).digest('base64url');
}
