import type { WebSocket } from 'ws';

const PING_EVERY_MS = 30_000;

/**
 * One timer sweeps every socket, rather than a timer and its closures per socket: with thousands
 * of viewers open those were a real part of the api's memory.
 */
const watched = new Set<WebSocket>();
/** Pinged on the last sweep and no pong since. */
const awaitingPong = new Set<WebSocket>();
let sweeper: NodeJS.Timeout | null = null;

function onPong(this: WebSocket): void {
  awaitingPong.delete(this);
}

function sweep(): void {
  for (const socket of watched) {
    if (awaitingPong.has(socket)) {
      socket.terminate();
      continue;
    }
    awaitingPong.add(socket);
    socket.ping();
  }
}

/**
 * Pings the socket every 30 s and drops it when a whole round passed without a pong: a dead peer
 * behind a proxy (or an OBS source left open for hours) must not count as open. `onClose` runs once
 * when the socket closes, for whatever reason.
 */
export function keepAlive(socket: WebSocket, onClose: () => void): void {
  watched.add(socket);
  socket.on('pong', onPong);
  if (!sweeper) {
    sweeper = setInterval(sweep, PING_EVERY_MS);
    sweeper.unref();
  }
  socket.once('close', () => {
    watched.delete(socket);
    awaitingPong.delete(socket);
    if (watched.size === 0 && sweeper) {
      clearInterval(sweeper);
      sweeper = null;
    }
    onClose();
  });
}
