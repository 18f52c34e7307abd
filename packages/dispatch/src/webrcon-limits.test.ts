import type { IncomingHttpHeaders } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { type WebSocket, WebSocketServer } from 'ws';
import { createDispatcher, type Dispatcher } from './dispatcher';
import { sendRustWebRcon } from './rust-webrcon';
import type { DeliveryPayload } from './types';
import { MAX_WEBRCON_MESSAGE_BYTES } from './webrcon-connection';

const PASSWORD = 'rust-pass';
const generous = { timeoutMs: 10_000 };
const TOO_LARGE = 'WebRcon reply too large (over 64 KiB)';

interface HostileServer {
  url: string;
  /** The handshake headers of every client, in order. */
  handshakes: IncomingHttpHeaders[];
  /** The extensions each accepted socket agreed on ('' when none). */
  negotiated: string[];
  close(): Promise<void>;
}

/**
 * A WebRcon server that offers permessage-deflate (as a hostile one would, to send a small frame that
 * inflates to something huge) and answers a command of the form `reply <bytes>` with a Message of that
 * many bytes; any other command gets the usual short answer.
 */
async function startHostileServer(): Promise<HostileServer> {
  const handshakes: IncomingHttpHeaders[] = [];
  const negotiated: string[] = [];
  const clients = new Set<WebSocket>();
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, perMessageDeflate: true });
  await new Promise<void>((resolve) => server.once('listening', resolve));
  server.on('connection', (socket, request) => {
    clients.add(socket);
    socket.on('close', () => clients.delete(socket));
    socket.on('error', () => {});
    handshakes.push(request.headers);
    negotiated.push(socket.extensions);
    socket.on('message', (data) => {
      const { Identifier, Message } = JSON.parse(String(data)) as { Identifier: number; Message: string };
      const size = /^reply (\d+)$/.exec(Message)?.[1];
      const text = size ? 'x'.repeat(Number(size)) : `Executed: ${Message}`;
      socket.send(JSON.stringify({ Message: text, Identifier, Type: 'Generic', Stacktrace: '' }));
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `webrcon://127.0.0.1:${port}`,
    handshakes,
    negotiated,
    close: async () => {
      for (const client of clients) client.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function payload(command: string): DeliveryPayload {
  return {
    deliveryId: `dlv_${command}`,
    command,
    action: { id: 1, name: 'Wood', webhookAction: command, fields: null },
    viewer: { id: 3, username: 'alice_tv', displayName: null },
    target: '76561198000000000',
    triggerId: 1,
    isTest: false,
  };
}

let server: HostileServer | undefined;
let dispatcher: Dispatcher | undefined;
afterEach(async () => {
  await dispatcher?.close();
  await server?.close();
  dispatcher = undefined;
  server = undefined;
});

describe('WebRcon message limits', () => {
  it('caps a message at 64 KiB', () => {
    expect(MAX_WEBRCON_MESSAGE_BYTES).toBe(64 * 1024);
  });

  it('offers no compression, so a small frame cannot inflate into a huge message', async () => {
    server = await startHostileServer();
    expect(await sendRustWebRcon(server.url, PASSWORD, 'say hi', generous)).toMatchObject({
      ok: true,
      response: 'Executed: say hi',
    });
    expect(server.handshakes).toHaveLength(1);
    expect(server.handshakes[0]?.['sec-websocket-extensions']).toBeUndefined();
    expect(server.negotiated).toEqual(['']);
  });

  it('fails the one-off call cleanly on a reply over the cap, and takes one just under it', async () => {
    server = await startHostileServer();
    const over = await sendRustWebRcon(server.url, PASSWORD, `reply ${MAX_WEBRCON_MESSAGE_BYTES}`, generous);
    expect(over).toMatchObject({ ok: false, retryable: false, error: TOO_LARGE });

    // The JSON around the Message takes about 60 bytes of the cap.
    const under = await sendRustWebRcon(server.url, PASSWORD, `reply ${MAX_WEBRCON_MESSAGE_BYTES - 200}`, generous);
    expect(under.ok).toBe(true);
  });

  it('fails a kept-open delivery cleanly on a reply over the cap, and delivers on a new socket after', async () => {
    server = await startHostileServer();
    dispatcher = createDispatcher();
    const target = { url: server.url, secret: PASSWORD };
    expect(await dispatcher.deliver(target, payload('reply 100000'), generous)).toMatchObject({
      ok: false,
      retryable: false,
      error: TOO_LARGE,
    });
    expect(await dispatcher.deliver(target, payload('say after'), generous)).toMatchObject({
      ok: true,
      response: 'Executed: say after',
    });
    expect(server.handshakes).toHaveLength(2);
  });
});
