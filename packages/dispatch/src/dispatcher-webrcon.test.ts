import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDispatcher, type Dispatcher } from './dispatcher';
import { startSilentServer, startWebRconStandIn, type WebRconStandIn } from './testing';
import type { DeliveryPayload } from './types';

const PASSWORD = 'rust pass/&?';
/** Generous: these attempts are expected to succeed, also on a busy machine. */
const generous = { timeoutMs: 10_000 };
/** For attempts against a server that never answers: they time out whatever the machine's load. */
const short = { timeoutMs: 200 };

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

let dispatcher: Dispatcher | undefined;
let server: WebRconStandIn | undefined;
afterEach(async () => {
  await dispatcher?.close();
  await server?.close();
  dispatcher = undefined;
  server = undefined;
});

async function untilNoConnections(d: Dispatcher): Promise<void> {
  await vi.waitFor(() => expect(d.stats().webrcon.connections).toBe(0), { timeout: 10_000 });
}

describe('createDispatcher over Rust WebRcon', () => {
  it('sends many deliveries over one socket', async () => {
    server = await startWebRconStandIn({ password: PASSWORD });
    dispatcher = createDispatcher();
    const target = { url: server.url, secret: PASSWORD };
    for (const command of ['say one', 'say two', 'say three', 'say four']) {
      expect(await dispatcher.deliver(target, payload(command), generous)).toMatchObject({
        ok: true,
        response: `Executed: ${command}`,
      });
    }
    expect(server.commands).toEqual(['say one', 'say two', 'say three', 'say four']);
    expect(server.connections).toBe(1);
    expect(server.logins).toBe(1);
  });

  it('matches replies that come back out of order to their own deliveries', async () => {
    // The first command is answered last: replies are matched by Identifier, not by order.
    const commands = Array.from({ length: 8 }, (_, index) => `inventory.giveto p${index} wood ${index}`);
    server = await startWebRconStandIn({
      password: PASSWORD,
      delayMs: (command) => (commands.length - commands.indexOf(command)) * 15,
    });
    dispatcher = createDispatcher();
    const target = { url: server.url, secret: PASSWORD };
    const results = await Promise.all(
      commands.map((command) => dispatcher?.deliver(target, payload(command), generous)),
    );
    results.forEach((result, index) => {
      expect(result).toMatchObject({ ok: true, response: `Executed: ${commands[index]}` });
    });
    expect(server.connections).toBe(1);
  });

  it('reconnects after the server dropped the socket', async () => {
    server = await startWebRconStandIn({ password: PASSWORD });
    dispatcher = createDispatcher();
    const target = { url: server.url, secret: PASSWORD };
    expect((await dispatcher.deliver(target, payload('say before'), generous)).ok).toBe(true);
    expect(server.openConnections).toBe(1);

    await server.dropConnections();
    await untilNoConnections(dispatcher);
    expect(await dispatcher.deliver(target, payload('say after'), generous)).toMatchObject({
      ok: true,
      response: 'Executed: say after',
    });
    expect(server.connections).toBe(2);
  });

  it('reports a wrong password as not retryable, without the password', async () => {
    server = await startWebRconStandIn({ password: PASSWORD });
    dispatcher = createDispatcher();
    const result = await dispatcher.deliver({ url: server.url, secret: 'wrong-password' }, payload('say hi'), generous);
    expect(result).toMatchObject({ ok: false, retryable: false, error: 'WebRcon authentication failed' });
    expect(JSON.stringify(result)).not.toContain('wrong-password');
    expect(server.commands).toEqual([]);
  });

  it('closes a socket that stayed unused for idleMs', async () => {
    server = await startWebRconStandIn({ password: PASSWORD });
    dispatcher = createDispatcher({ idleMs: 50 });
    const target = { url: server.url, secret: PASSWORD };
    expect((await dispatcher.deliver(target, payload('say one'), generous)).ok).toBe(true);
    await server.untilOpenConnections(0);
    expect((await dispatcher.deliver(target, payload('say two'), generous)).ok).toBe(true);
    expect(server.connections).toBe(2);
  });

  it('times out against a hung server, never matches its late answer, and works on a fresh socket after', async () => {
    server = await startWebRconStandIn({ password: PASSWORD });
    dispatcher = createDispatcher();
    const target = { url: server.url, secret: PASSWORD };
    expect((await dispatcher.deliver(target, payload('say warm'), generous)).ok).toBe(true);

    server.setSilent(true);
    const hung = await dispatcher.deliver(target, payload('say first'), short);
    expect(hung).toMatchObject({ ok: false, retryable: true, error: 'WebRcon timed out after 200 ms' });

    const second = dispatcher.deliver(target, payload('say second'), generous);
    await vi.waitFor(() => expect(server?.commands).toContain('say second'), { timeout: 10_000 });
    server.setSilent(false);
    expect(await second).toMatchObject({ ok: true, response: 'Executed: say second' });
    expect(server.connections).toBe(2);
  });

  it('times out when the server accepts the connection and never answers the handshake', async () => {
    const silent = await startSilentServer();
    try {
      dispatcher = createDispatcher();
      const result = await dispatcher.deliver(
        { url: `webrcon://127.0.0.1:${silent.port}`, secret: PASSWORD },
        payload('say hi'),
        short,
      );
      expect(result).toMatchObject({ ok: false, retryable: true, error: 'WebRcon timed out after 200 ms' });
    } finally {
      await silent.close();
    }
  });

  it('closes its sockets on close()', async () => {
    server = await startWebRconStandIn({ password: PASSWORD });
    dispatcher = createDispatcher();
    expect((await dispatcher.deliver({ url: server.url, secret: PASSWORD }, payload('say one'), generous)).ok).toBe(
      true,
    );
    expect(server.openConnections).toBe(1);
    await dispatcher.close();
    await server.untilOpenConnections(0);
    expect(dispatcher.stats().webrcon.connections).toBe(0);
  });
});
