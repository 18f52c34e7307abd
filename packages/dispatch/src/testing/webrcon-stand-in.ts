import { type WebSocket, WebSocketServer } from 'ws';
import { ConnectionCounter, type GameServerStandIn } from './connection-counter';

export type WebRconStandIn = GameServerStandIn;

export interface StandInPlayer {
  steamId: string;
  username: string;
}

export interface WebRconStandInOptions {
  password: string;
  players?: StandInPlayer[];
  /** Delay before a reply, in ms; a function gets the command (replies may then come out of order). */
  delayMs?: number | ((command: string) => number);
  /** Listen on this port (e.g. to come back on the port of a stand-in that was closed). Default: any. */
  port?: number;
}

/**
 * A Rust WebRcon server on 127.0.0.1 (port 0). Like Rust it accepts the WebSocket and closes it at once
 * when the path is not `/<password>`. Replies `{ Message, Identifier, Type: 'Generic', Stacktrace: '' }`
 * after `delayMs`; `global.playerlist` (or `playerlist`) answers the JSON array Rust sends.
 */
export async function startWebRconStandIn(options: WebRconStandInOptions): Promise<WebRconStandIn> {
  const commands: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const clients = new Set<WebSocket>();
  const counter = new ConnectionCounter();
  let logins = 0;
  let silent = false;
  const held: (() => void)[] = [];
  const delayFor = (command: string) =>
    typeof options.delayMs === 'function' ? options.delayMs(command) : (options.delayMs ?? 0);
  const server = new WebSocketServer({ host: '127.0.0.1', port: options.port ?? 0 });
  await new Promise<void>((resolve) => server.once('listening', resolve));

  server.on('connection', (socket, request) => {
    clients.add(socket);
    counter.opened();
    socket.on('close', () => {
      clients.delete(socket);
      counter.closed();
    });
    socket.on('error', () => {});
    let password: string | null = null;
    try {
      password = decodeURIComponent((request.url ?? '/').slice(1));
    } catch {
      password = null;
    }
    if (password !== options.password) {
      socket.close();
      return;
    }
    logins += 1;
    socket.on('message', (data) => {
      let request: { Identifier?: unknown; Message?: unknown };
      try {
        request = JSON.parse(String(data)) as typeof request;
      } catch {
        return;
      }
      const command = String(request.Message ?? '');
      commands.push(command);
      const message =
        command === 'global.playerlist' || command === 'playerlist'
          ? JSON.stringify(
              (options.players ?? []).map((player, index) => ({
                SteamID: player.steamId,
                OwnerSteamID: '0',
                DisplayName: player.username,
                Ping: 20 + index,
                Address: `127.0.0.1:${50000 + index}`,
                ConnectedSeconds: 60 * (index + 1),
                VoiceBlocked: false,
                Health: 100,
                Position: '(0.0, 0.0, 0.0)',
              })),
              null,
              2,
            )
          : `Executed: ${command}`;
      const answer = () => {
        if (socket.readyState !== socket.OPEN) return;
        socket.send(
          JSON.stringify({ Message: message, Identifier: request.Identifier, Type: 'Generic', Stacktrace: '' }),
        );
      };
      if (silent) {
        held.push(answer);
        return;
      }
      const timer = setTimeout(() => {
        timers.delete(timer);
        answer();
      }, delayFor(command));
      timers.add(timer);
    });
  });

  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const dropConnections = async () => {
    for (const client of clients) client.terminate();
    await counter.untilOpen(0);
  };
  return {
    url: `webrcon://127.0.0.1:${port}`,
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
