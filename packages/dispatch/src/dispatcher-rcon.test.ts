import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDispatcher, type Dispatcher } from './dispatcher';
import { type RconStandIn, startRconStandIn, startSilentServer, startWebhookStandIn } from './testing';
import type { DeliveryPayload } from './types';

const PASSWORD = 'hunter2-rcon';
/** Generous: these attempts are expected to succeed, also on a busy machine. */
const generous = { timeoutMs: 10_000 };
/** For attempts against a server that never answers: they time out whatever the machine's load. */
const short = { timeoutMs: 200 };

function payload(command: string): DeliveryPayload {
  return {
    deliveryId: `dlv_${command}`,
    command,
    action: { id: 1, name: 'Creeper', webhookAction: command, fields: null },
    viewer: { id: 3, username: 'alice_tv', displayName: null },
    target: null,
    triggerId: 1,
    isTest: false,
  };
}

let dispatcher: Dispatcher | undefined;
let server: RconStandIn | undefined;
afterEach(async () => {
  await dispatcher?.close();
  await server?.close();
  dispatcher = undefined;
  server = undefined;
});

/** The dispatcher has seen its connections end (it learns of a server-side close through a socket event). */
async function untilNoConnections(d: Dispatcher): Promise<void> {
  await vi.waitFor(() => expect(d.stats().rcon.connections).toBe(0), { timeout: 10_000 });
}

describe('createDispatcher over Minecraft RCON', () => {
  it('sends many deliveries over one connection with one login', async () => {
    server = await startRconStandIn({ password: PASSWORD });
    dispatcher = createDispatcher();
    const target = { url: server.url, secret: PASSWORD };
    for (const command of ['say one', 'say two', 'say three', 'say four', 'say five']) {
      expect(await dispatcher.deliver(target, payload(command), generous)).toMatchObject({
        ok: true,
        response: `Executed: ${command}`,
      });
    }
    expect(server.commands).toEqual(['say one', 'say two', 'say three', 'say four', 'say five']);
    expect(server.connections).toBe(1);
    expect(server.logins).toBe(1);
    expect(server.openConnections).toBe(1);
  });

  it('gives concurrent deliveries to one target each their own reply', async () => {
    // Replies take different times, so a mix-up would show.
    server = await startRconStandIn({ password: PASSWORD, delayMs: (command) => (command.endsWith('0') ? 30 : 0) });
    dispatcher = createDispatcher();
    const target = { url: server.url, secret: PASSWORD };
    const commands = Array.from({ length: 12 }, (_, index) => `give p${index} diamond ${index * 10}`);
    const results = await Promise.all(
      commands.map((command) => dispatcher?.deliver(target, payload(command), generous)),
    );
    results.forEach((result, index) => {
      expect(result).toMatchObject({ ok: true, response: `Executed: ${commands[index]}` });
    });
    expect([...server.commands].sort()).toEqual([...commands].sort());
    expect(server.connections).toBe(1);
    expect(server.logins).toBe(1);
  });

  it('reconnects after the server closed the connection', async () => {
    server = await startRconStandIn({ password: PASSWORD });
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
    expect(server.commands).toEqual(['say before', 'say after']);
    expect(server.connections).toBe(2);
  });

  it('reconnects after the server restarted on the same port', async () => {
    const first = await startRconStandIn({ password: PASSWORD });
    dispatcher = createDispatcher();
    const target = { url: first.url, secret: PASSWORD };
    expect((await dispatcher.deliver(target, payload('say before'), generous)).ok).toBe(true);
    expect(first.openConnections).toBe(1);

    await first.close();
    await untilNoConnections(dispatcher);
    server = await startRconStandIn({ password: PASSWORD, port: first.port });
    expect(await dispatcher.deliver(target, payload('say after'), generous)).toMatchObject({
      ok: true,
      response: 'Executed: say after',
    });
    expect(server.commands).toEqual(['say after']);
  });

  it('reports a wrong password as not retryable, without the password', async () => {
    server = await startRconStandIn({ password: PASSWORD });
    dispatcher = createDispatcher();
    const result = await dispatcher.deliver({ url: server.url, secret: 'wrong-password' }, payload('say hi'), generous);
    expect(result).toMatchObject({ ok: false, retryable: false, error: 'RCON authentication failed' });
    expect(JSON.stringify(result)).not.toContain('wrong-password');
    expect(server.commands).toEqual([]);
    // A failed login is not kept: the next delivery with the right password logs in afresh.
    expect((await dispatcher.deliver({ url: server.url, secret: PASSWORD }, payload('say hi'), generous)).ok).toBe(
      true,
    );
  });

  it('closes a connection that stayed unused for idleMs, and opens a new one when needed', async () => {
    server = await startRconStandIn({ password: PASSWORD });
    dispatcher = createDispatcher({ idleMs: 50 });
    const target = { url: server.url, secret: PASSWORD };
    expect((await dispatcher.deliver(target, payload('say one'), generous)).ok).toBe(true);

    await server.untilOpenConnections(0);
    expect(dispatcher.stats().rcon.connections).toBe(0);
    expect((await dispatcher.deliver(target, payload('say two'), generous)).ok).toBe(true);
    expect(server.connections).toBe(2);
    expect(server.logins).toBe(2);
  });

  it('uses a new connection when the endpoint gets a new password, and closes the old one when idle', async () => {
    server = await startRconStandIn({ password: PASSWORD });
    dispatcher = createDispatcher({ idleMs: 50 });
    expect((await dispatcher.deliver({ url: server.url, secret: PASSWORD }, payload('say one'), generous)).ok).toBe(
      true,
    );
    const edited = await dispatcher.deliver({ url: server.url, secret: 'new-password' }, payload('say two'), generous);
    expect(edited).toMatchObject({ ok: false, retryable: false, error: 'RCON authentication failed' });
    expect(server.connections).toBe(2);
    // The connection logged in with the old password does not linger.
    await server.untilOpenConnections(0);
  });

  it('closes the connections to an endpoint at once when told to forget it', async () => {
    server = await startRconStandIn({ password: PASSWORD });
    dispatcher = createDispatcher();
    expect((await dispatcher.deliver({ url: server.url, secret: PASSWORD }, payload('say one'), generous)).ok).toBe(
      true,
    );
    expect(server.openConnections).toBe(1);
    await dispatcher.forget(server.url);
    await server.untilOpenConnections(0);
    expect(dispatcher.stats().rcon.connections).toBe(0);
  });

  it('times out against a hung server, never matches its late answer, and works on a fresh connection after', async () => {
    server = await startRconStandIn({ password: PASSWORD });
    dispatcher = createDispatcher();
    const target = { url: server.url, secret: PASSWORD };
    expect((await dispatcher.deliver(target, payload('say warm'), generous)).ok).toBe(true);

    server.setSilent(true);
    const hung = await dispatcher.deliver(target, payload('say first'), short);
    expect(hung).toMatchObject({ ok: false, retryable: true, error: 'RCON timed out after 200 ms' });
    expect(server.commands).toContain('say first');

    const second = dispatcher.deliver(target, payload('say second'), generous);
    await vi.waitFor(() => expect(server?.commands).toContain('say second'), { timeout: 10_000 });
    // The held answers go out now, the one for 'say first' included: 'say second' must get its own.
    server.setSilent(false);
    expect(await second).toMatchObject({ ok: true, response: 'Executed: say second' });
    expect(server.connections).toBe(2);
  });

  it('sends a command waiting behind a timed-out one once, on a new connection', async () => {
    server = await startRconStandIn({ password: PASSWORD });
    dispatcher = createDispatcher();
    const target = { url: server.url, secret: PASSWORD };
    expect((await dispatcher.deliver(target, payload('say warm'), generous)).ok).toBe(true);

    server.setSilent(true);
    const hung = dispatcher.deliver(target, payload('say hung'), short);
    // Waits for its turn behind 'say hung'; that connection is dropped when 'say hung' times out.
    const queued = dispatcher.deliver(target, payload('say queued'), generous);
    expect(await hung).toMatchObject({ ok: false, retryable: true, error: 'RCON timed out after 200 ms' });
    await vi.waitFor(() => expect(server?.commands).toContain('say queued'), { timeout: 10_000 });
    server.setSilent(false);
    expect(await queued).toMatchObject({ ok: true, response: 'Executed: say queued' });
    expect(server.commands).toEqual(['say warm', 'say hung', 'say queued']);
    expect(server.connections).toBe(2);
  });

  it('times out when the server accepts the connection and never answers the login', async () => {
    const silent = await startSilentServer();
    try {
      dispatcher = createDispatcher();
      const result = await dispatcher.deliver(
        { url: `rcon://127.0.0.1:${silent.port}`, secret: PASSWORD },
        payload('say hi'),
        short,
      );
      expect(result).toMatchObject({ ok: false, retryable: true, error: 'RCON timed out after 200 ms' });
    } finally {
      await silent.close();
    }
  });

  it('refuses a command too long for one packet without connecting', async () => {
    server = await startRconStandIn({ password: PASSWORD });
    dispatcher = createDispatcher();
    const result = await dispatcher.deliver(
      { url: server.url, secret: PASSWORD },
      payload(`say ${'a'.repeat(1500)}`),
      generous,
    );
    expect(result).toMatchObject({ ok: false, retryable: false, error: 'Command longer than 1446 bytes' });
    expect(server.connections).toBe(0);
  });

  it('closes its sockets on close(), fails deliveries in flight as retryable, and refuses new ones', async () => {
    server = await startRconStandIn({ password: PASSWORD });
    dispatcher = createDispatcher();
    const target = { url: server.url, secret: PASSWORD };
    expect((await dispatcher.deliver(target, payload('say one'), generous)).ok).toBe(true);

    server.setSilent(true);
    const inFlight = dispatcher.deliver(target, payload('say two'), generous);
    await vi.waitFor(() => expect(server?.commands).toContain('say two'), { timeout: 10_000 });
    await dispatcher.close();
    await server.untilOpenConnections(0);
    expect(await inFlight).toMatchObject({ ok: false, retryable: true, error: 'RCON connection closed' });
    expect(await dispatcher.deliver(target, payload('say three'), generous)).toMatchObject({
      ok: false,
      retryable: true,
      error: 'Dispatcher is closed',
    });
    expect(server.connections).toBe(1);
  });

  it('delivers webhooks as before', async () => {
    const hook = await startWebhookStandIn();
    try {
      dispatcher = createDispatcher();
      const result = await dispatcher.deliver({ url: hook.url, secret: 'plain' }, payload('say hi'), generous);
      expect(result).toMatchObject({ ok: true, response: 'ok' });
      expect(hook.received).toHaveLength(1);
    } finally {
      await hook.close();
    }
  });
});
