import type { WebSocket } from 'ws';

const PING_EVERY_MS = 30_000;

/**
 * Pings the socket every 30 s and drops it when a whole round passed without a pong: a dead peer
 * behind a proxy (or an OBS source left open for hours) must not count as open. `onClose` runs once
 * when the socket closes, for whatever reason.
 */
export function keepAlive(socket: WebSocket, onClose: () => void): void {
  let alive = true;
  socket.on('pong', () => {
    alive = true;
  });
  const check = setInterval(() => {
    if (!alive) {
      socket.terminate();
      return;
    }
    alive = false;
    socket.ping();
  }, PING_EVERY_MS);
  check.unref();
  socket.on('close', () => {
    clearInterval(check);
    onClose();
  });
}
