import type { WebSocket } from 'ws';

/** Every connected /ws client; messages go to all of them (viewer-spec section 3 RealtimeMessage). */
export class RealtimeHub {
  private readonly sockets = new Set<WebSocket>();
  private pinger: NodeJS.Timeout | null = null;

  add(socket: WebSocket): void {
    this.sockets.add(socket);
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
      this.sockets.delete(socket);
    });
  }

  broadcast(message: unknown): void {
    const data = JSON.stringify(message);
    for (const socket of this.sockets) {
      if (socket.readyState === socket.OPEN) socket.send(data);
    }
  }

  get size(): number {
    return this.sockets.size;
  }

  close(): void {
    if (this.pinger) clearInterval(this.pinger);
    for (const socket of this.sockets) socket.terminate();
    this.sockets.clear();
  }
}
