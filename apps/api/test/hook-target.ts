import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What reached a target: the webhook's event type, the trigger it belongs to and its command. */
export interface Arrival {
  type: string;
  triggerId: number | null;
  command: string;
}

/**
 * A webhook target for the control room's tests: it records what arrives, in order; while `hold` is
 * set its replies wait for `release()` (a send that is under way); it can go down (every connection
 * refused) and come back on the same port.
 */
export interface HookTarget {
  url: string;
  arrived: Arrival[];
  hold: boolean;
  /** How many requests are waiting for `release()`. */
  waiting(): number;
  release(): void;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
}

export async function startHookTarget(): Promise<HookTarget> {
  const replies: (() => void)[] = [];
  let server: Server | null = null;
  let port = 0;
  const target: HookTarget = {
    url: '',
    arrived: [],
    hold: false,
    waiting: () => replies.length,
    release: () => {
      for (const reply of replies.splice(0)) reply();
    },
    up: async () => {
      const created = createServer((req, res) => {
        let body = '';
        req.on('data', (chunk) => {
          body += String(chunk);
        });
        req.on('end', () => {
          const parsed = JSON.parse(body) as { type: string; triggerId: number | null; command: string };
          target.arrived.push({ type: parsed.type, triggerId: parsed.triggerId, command: parsed.command });
          const reply = () => res.end('ok');
          if (target.hold) replies.push(reply);
          else reply();
        });
      });
      await new Promise<void>((ok) => created.listen(port, '127.0.0.1', ok));
      port = (created.address() as AddressInfo).port;
      server = created;
    },
    down: async () => {
      const s = server;
      server = null;
      // Replies still held are never given: those sends fail with the connection.
      replies.splice(0);
      s?.closeAllConnections();
      await new Promise((r) => (s ? s.close(r) : r(undefined)));
    },
    close: () => target.down(),
  };
  await target.up();
  target.url = `http://127.0.0.1:${port}/hook`;
  return target;
}
