import type { TRealtimeMessage } from '@shop/domain';
import type { WebSocket } from 'ws';
import type { RealtimeBus } from './redis-bus';

/** Every connected /ws client; messages go to all of them (viewer-spec section 3 RealtimeMessage). */
export class RealtimeHub {
  private readonly sockets = new Set<WebSocket>();
  private bus: RealtimeBus | null = null;

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

  /** With a bus, messages go through it (and come back to us) so every process sees them. */
  useBus(bus: RealtimeBus): void {
    this.bus = bus;
  }

  broadcast(message: TRealtimeMessage): void {
    const data = JSON.stringify(message);
    if (this.bus) this.bus.publish(data);
    else this.deliverLocally(data);
  }

  deliverLocally(data: string): void {
    for (const socket of this.sockets) {
      if (socket.readyState === socket.OPEN) socket.send(data);
    }
  }

  async close(): Promise<void> {
    await this.bus?.close();
    this.bus = null;
    for (const socket of this.sockets) socket.terminate();
    this.sockets.clear();
  }
}
