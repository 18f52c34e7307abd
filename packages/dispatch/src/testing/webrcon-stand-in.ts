import { WebSocketServer } from 'ws';

export interface WebRconStandIn {
  url: string;
  port: number;
  /** Console commands received from authenticated clients, in order. */
  commands: string[];
  close(): Promise<void>;
}

export interface StandInPlayer {
  steamId: string;
  username: string;
}

/**
 * A Rust WebRcon server on 127.0.0.1 (port 0). Like Rust it accepts the WebSocket and closes it at once
 * when the path is not `/<password>`. Replies `{ Message, Identifier, Type: 'Generic', Stacktrace: '' }`
 * after `delayMs`; `global.playerlist` (or `playerlist`) answers the JSON array Rust sends.
 */
export async function startWebRconStandIn(options: {
  password: string;
  players?: StandInPlayer[];
  delayMs?: number;
}): Promise<WebRconStandIn> {
  const commands: string[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise<void>((resolve) => server.once('listening', resolve));

  server.on('connection', (socket, request) => {
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
      const timer = setTimeout(() => {
        timers.delete(timer);
        if (socket.readyState !== socket.OPEN) return;
        socket.send(
          JSON.stringify({ Message: message, Identifier: request.Identifier, Type: 'Generic', Stacktrace: '' }),
        );
      }, options.delayMs ?? 0);
      timers.add(timer);
    });
  });

  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `webrcon://127.0.0.1:${port}`,
    port,
    commands,
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      for (const client of server.clients) client.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
