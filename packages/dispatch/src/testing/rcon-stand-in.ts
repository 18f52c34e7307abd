import { createServer, type Socket } from 'node:net';
import { ConnectionCounter, type GameServerStandIn } from './connection-counter';

export type RconStandIn = GameServerStandIn;

export interface RconStandInOptions {
  password: string;
  /** Delay before a command's answer, in ms; a function gets the command. */
  delayMs?: number | ((command: string) => number);
  /** Listen on this port (e.g. to come back on the port of a stand-in that was closed). Default: any. */
  port?: number;
  /** Told of each command as it arrives (benchmarks time the click-to-game path with it). */
  onCommand?: (command: string) => void;
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
export async function startRconStandIn(options: RconStandInOptions): Promise<RconStandIn> {
  const commands: string[] = [];
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const counter = new ConnectionCounter();
  let logins = 0;
  let silent = false;
  const held: (() => void)[] = [];
  const delayFor = (command: string) =>
    typeof options.delayMs === 'function' ? options.delayMs(command) : (options.delayMs ?? 0);

  const server = createServer((socket) => {
    sockets.add(socket);
    counter.opened();
    socket.on('close', () => {
      sockets.delete(socket);
      counter.closed();
    });
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
          if (authenticated) logins += 1;
          reply(encode(authenticated ? id : -1, EXEC_OR_AUTH_RESPONSE, ''));
        } else if (type === EXEC_OR_AUTH_RESPONSE && authenticated) {
          commands.push(body);
          options.onCommand?.(body);
          const answer = () => reply(encode(id, RESPONSE_VALUE, `Executed: ${body}`));
          if (silent) {
            held.push(answer);
            continue;
          }
          const delay = delayFor(body);
          // A healthy server with no delay set answers at once: even a 0 ms timer waits for the event
          // loop's next timers phase, which capped one connection's rate in the delivery benchmark.
          if (delay <= 0) {
            answer();
            continue;
          }
          const timer = setTimeout(() => {
            timers.delete(timer);
            answer();
          }, delay);
          timers.add(timer);
        } else {
          reply(encode(-1, EXEC_OR_AUTH_RESPONSE, ''));
        }
      }
    });
  });

  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const dropConnections = async () => {
    for (const socket of sockets) socket.destroy();
    await counter.untilOpen(0);
  };
  return {
    url: `rcon://127.0.0.1:${port}`,
    port,
    commands,
    get connections() {
      return counter.accepted;
    },
    get openConnections() {
      return counter.open;
    },
    get logins() {
      return logins;
    },
    untilOpenConnections: (count) => counter.untilOpen(count),
    dropConnections,
    setSilent: (value) => {
      silent = value;
      if (!silent) for (const answer of held.splice(0)) answer();
    },
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      await dropConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
