import { createServer, type Socket } from 'node:net';

export interface RconStandIn {
  url: string;
  port: number;
  /** Commands received after a successful login, in order. */
  commands: string[];
  close(): Promise<void>;
}

const AUTH = 3;
const EXEC_OR_AUTH_RESPONSE = 2;
const RESPONSE_VALUE = 0;

function encode(id: number, type: number, body: string): Buffer {
  const payload = Buffer.from(body, 'utf8');
  const packet = Buffer.alloc(payload.length + 14);
  packet.writeInt32LE(payload.length + 10, 0);
  packet.writeInt32LE(id, 4);
  packet.writeInt32LE(type, 8);
  payload.copy(packet, 12);
  return packet; // the two trailing NULs are already zero
}

/**
 * A Minecraft RCON server on 127.0.0.1 (port 0): little-endian int32 size, id, type, body, two NULs.
 * Login (type 3) answers type 2 with the request id, or id -1 for a wrong password; a command (type 2)
 * answers type 0 'Executed: <cmd>' after `delayMs` (the login is answered at once).
 */
export async function startRconStandIn(options: { password: string; delayMs?: number }): Promise<RconStandIn> {
  const commands: string[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let authenticated = false;
    let buffer = Buffer.alloc(0);
    const reply = (packet: Buffer) => {
      if (!socket.destroyed) socket.write(packet);
    };
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      while (buffer.length >= 4) {
        const size = buffer.readInt32LE(0);
        if (size < 10 || size > 4096) {
          socket.destroy();
          return;
        }
        if (buffer.length < 4 + size) return;
        const id = buffer.readInt32LE(4);
        const type = buffer.readInt32LE(8);
        const body = buffer.subarray(12, 4 + size - 2).toString('utf8');
        buffer = buffer.subarray(4 + size);
        if (type === AUTH) {
          authenticated = body === options.password;
          reply(encode(authenticated ? id : -1, EXEC_OR_AUTH_RESPONSE, ''));
        } else if (type === EXEC_OR_AUTH_RESPONSE && authenticated) {
          commands.push(body);
          const timer = setTimeout(() => {
            timers.delete(timer);
            reply(encode(id, RESPONSE_VALUE, `Executed: ${body}`));
          }, options.delayMs ?? 0);
          timers.add(timer);
        } else {
          reply(encode(-1, EXEC_OR_AUTH_RESPONSE, ''));
        }
      }
    });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `rcon://127.0.0.1:${port}`,
    port,
    commands,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
