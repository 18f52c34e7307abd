import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on 127.0.0.1 (port 0 unless a fixed one is asked for) and answers the port taken. */
export function listenLocal(server: Server, port = 0): Promise<number> {
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => ok((server.address() as AddressInfo).port));
  });
}

export function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((ok) => server.close(() => ok()));
}

/** The control endpoint's body: { failing: boolean }. */
export async function readFailingFlag(req: IncomingMessage): Promise<boolean | null> {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  try {
    const body = JSON.parse(raw) as { failing?: unknown };
    return typeof body.failing === 'boolean' ? body.failing : null;
  } catch {
    return null;
  }
}
