import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDispatcher, type Dispatcher } from './dispatcher';
import { startRconStandIn, startSilentServer, startWebhookStandIn, startWebRconStandIn } from './testing';
import type { GameServerStandIn } from './testing/connection-counter';
import type { DeliveryPayload } from './types';

/** Generous: these attempts are expected to succeed, also on a busy machine. */
const generous = { timeoutMs: 10_000 };
/** For attempts against a server that never answers: they time out whatever the machine's load. */
const short = { timeoutMs: 200 };

/** A game console the dispatcher keeps connections open to, and what differs between the two. */
interface Console {
  name: string;
  scheme: 'rcon' | 'webrcon';
  /** How its errors start: 'RCON timed out...', 'WebRcon authentication failed'. */
  label: 'RCON' | 'WebRcon';
  password: string;
  /** A Rust action aims at a player; a Minecraft one needs none here. */
  target: string | null;
  start(options: {
    password: string;
    port?: number;
    delayMs?: (command: string) => number;
  }): Promise<GameServerStandIn>;
  connections(dispatcher: Dispatcher): number;
}

const consoles: Console[] = [
  {
    name: 'Minecraft RCON',
    scheme: 'rcon',
    label: 'RCON',
    password: 'hunter2-rcon',
    target: null,
    start: startRconStandIn,
    connections: (d) => d.stats().rcon.connections,
  },
  {
    name: 'Rust WebRcon',
    scheme: 'webrcon',
    label: 'WebRcon',
    // Characters that must be escaped in the socket's path.
    password: 'rust pass/&?',
    target: '76561198000000000',
    start: startWebRconStandIn,
    connections: (d) => d.stats().webrcon.connections,
  },
];

function payloadFor(game: Pick<Console, 'target'>) {
  return (command: string): DeliveryPayload => ({
    deliveryId: `dlv_${command}`,
    command,
    action: { id: 1, name: 'Creeper', webhookAction: command, fields: null },
    viewer: { id: 3, username: 'alice_tv', displayName: null },
    target: game.target,
    triggerId: 1,
    isTest: false,
  });
}

let dispatcher: Dispatcher | undefined;
let server: GameServerStandIn | undefined;
afterEach(async () => {
  await dispatcher?.close();
  await server?.close();
  dispatcher = undefined;
  server = undefined;
});

describe.each(consoles)('createDispatcher over $name', (game) => {
  const { password, label } = game;
  const payload = payloadFor(game);
  /** The dispatcher has seen its connections end (it learns of a server-side close through a socket event). */
  const untilNoConnections = async (d: Dispatcher) =>
    vi.waitFor(() => expect(game.connections(d)).toBe(0), { timeout: 10_000 });

  it('sends many deliveries over one connection with one login', async () => {
    server = await game.start({ password });
    dispatcher = createDispatcher();
    const target = { url: server.url, secret: password };
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
    server = await game.start({ password, delayMs: (command) => (command.endsWith('0') ? 30 : 0) });
    dispatcher = createDispatcher();
    const target = { url: server.url, secret: password };
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
    server = await game.start({ password });
    dispatcher = createDispatcher();
    const target = { url: server.url, secret: password };
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
    const first = await game.start({ password });
    dispatcher = createDispatcher();
    const target = { url: first.url, secret: password };
    expect((await dispatcher.deliver(target, payload('say before'), generous)).ok).toBe(true);
    expect(first.openConnections).toBe(1);

    await first.close();
    await untilNoConnections(dispatcher);
    server = await game.start({ password, port: first.port });
    expect(await dispatcher.deliver(target, payload('say after'), generous)).toMatchObject({
      ok: true,
      response: 'Executed: say after',
    });
    expect(server.commands).toEqual(['say after']);
  });

  it('reports a wrong password as not retryable, without the password', async () => {
    server = await game.start({ password });
    dispatcher = createDispatcher();
    const result = await dispatcher.deliver({ url: server.url, secret: 'wrong-password' }, payload('say hi'), generous);
    expect(result).toMatchObject({ ok: false, retryable: false, error: `${label} authentication failed` });
    expect(JSON.stringify(result)).not.toContain('wrong-password');
    expect(server.commands).toEqual([]);
    // A failed login is not kept: the next delivery with the right password logs in afresh.
    expect((await dispatcher.deliver({ url: server.url, secret: password }, payload('say hi'), generous)).ok).toBe(
      true,
    );
  });

  it('closes a connection that stayed unused for idleMs, and opens a new one when needed', async () => {
    server = await game.start({ password });
    dispatcher = createDispatcher({ idleMs: 50 });
    const target = { url: server.url, secret: password };
    expect((await dispatcher.deliver(target, payload('say one'), generous)).ok).toBe(true);

    await server.untilOpenConnections(0);
    expect(game.connections(dispatcher)).toBe(0);
    expect((await dispatcher.deliver(target, payload('say two'), generous)).ok).toBe(true);
    expect(server.connections).toBe(2);
    expect(server.logins).toBe(2);
  });

  it('closes the connections to an endpoint at once when told to forget it', async () => {
    server = await game.start({ password });
    dispatcher = createDispatcher();
    expect((await dispatcher.deliver({ url: server.url, secret: password }, payload('say one'), generous)).ok).toBe(
      true,
    );
    expect(server.openConnections).toBe(1);
    await dispatcher.forget(server.url);
    await server.untilOpenConnections(0);
    expect(game.connections(dispatcher)).toBe(0);
  });

  it('times out against a hung server, never matches its late answer, and works on a fresh connection after', async () => {
    server = await game.start({ password });
    dispatcher = createDispatcher();
    const target = { url: server.url, secret: password };
    expect((await dispatcher.deliver(target, payload('say warm'), generous)).ok).toBe(true);

    server.setSilent(true);
    const hung = await dispatcher.deliver(target, payload('say first'), short);
    expect(hung).toMatchObject({ ok: false, retryable: true, error: `${label} timed out after 200 ms` });
    expect(server.commands).toContain('say first');

    const second = dispatcher.deliver(target, payload('say second'), generous);
    await vi.waitFor(() => expect(server?.commands).toContain('say second'), { timeout: 10_000 });
    // The held answers go out now, the one for 'say first' included: 'say second' must get its own.
    server.setSilent(false);
    expect(await second).toMatchObject({ ok: true, response: 'Executed: say second' });
    expect(server.connections).toBe(2);
  });

  it('times out when the server accepts the connection and never answers the login', async () => {
    const silent = await startSilentServer();
    try {
      dispatcher = createDispatcher();
      const result = await dispatcher.deliver(
        { url: `${game.scheme}://127.0.0.1:${silent.port}`, secret: password },
        payload('say hi'),
        short,
      );
      expect(result).toMatchObject({ ok: false, retryable: true, error: `${label} timed out after 200 ms` });
    } finally {
      await silent.close();
    }
  });

  it('closes its connections on close(), fails deliveries in flight as retryable, and refuses new ones', async () => {
    server = await game.start({ password });
    dispatcher = createDispatcher();
    const target = { url: server.url, secret: password };
    expect((await dispatcher.deliver(target, payload('say one'), generous)).ok).toBe(true);

    server.setSilent(true);
    const inFlight = dispatcher.deliver(target, payload('say two'), generous);
    await vi.waitFor(() => expect(server?.commands).toContain('say two'), { timeout: 10_000 });
    await dispatcher.close();
    await server.untilOpenConnections(0);
    expect(game.connections(dispatcher)).toBe(0);
    expect(await inFlight).toMatchObject({ ok: false, retryable: true, error: `${label} connection closed` });
    expect(await dispatcher.deliver(target, payload('say three'), generous)).toMatchObject({
      ok: false,
      retryable: true,
      error: 'Dispatcher is closed',
    });
    expect(server.connections).toBe(1);
  });
});

describe('createDispatcher over Minecraft RCON only', () => {
  const game = consoles[0] as Console;
  const { password } = game;
  const payload = payloadFor(game);

  it('uses a new connection when the endpoint gets a new password, and closes the old one when idle', async () => {
    server = await game.start({ password });
    dispatcher = createDispatcher({ idleMs: 50 });
    expect((await dispatcher.deliver({ url: server.url, secret: password }, payload('say one'), generous)).ok).toBe(
      true,
    );
    const edited = await dispatcher.deliver({ url: server.url, secret: 'new-password' }, payload('say two'), generous);
    expect(edited).toMatchObject({ ok: false, retryable: false, error: 'RCON authentication failed' });
    expect(server.connections).toBe(2);
    // The connection logged in with the old password does not linger.
    await server.untilOpenConnections(0);
  });

  // RCON answers one command at a time on a connection; WebRcon matches replies by Identifier instead.
  it('sends a command waiting behind a timed-out one once, on a new connection', async () => {
    server = await game.start({ password });
    dispatcher = createDispatcher();
    const target = { url: server.url, secret: password };
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

  it('refuses a command too long for one packet without connecting', async () => {
    server = await game.start({ password });
    dispatcher = createDispatcher();
    const result = await dispatcher.deliver(
      { url: server.url, secret: password },
      payload(`say ${'a'.repeat(1500)}`),
      generous,
    );
    expect(result).toMatchObject({ ok: false, retryable: false, error: 'Command longer than 1446 bytes' });
    expect(server.connections).toBe(0);
  });
});

describe('createDispatcher over Rust WebRcon only', () => {
  const game = consoles[1] as Console;
  const { password } = game;
  const payload = payloadFor(game);

  it('matches replies that come back out of order to their own deliveries', async () => {
    // The first command is answered last: replies are matched by Identifier, not by order.
    const commands = Array.from({ length: 8 }, (_, index) => `inventory.giveto p${index} wood ${index}`);
    server = await game.start({
      password,
      delayMs: (command) => (commands.length - commands.indexOf(command)) * 15,
    });
    dispatcher = createDispatcher();
    const target = { url: server.url, secret: password };
    const results = await Promise.all(
      commands.map((command) => dispatcher?.deliver(target, payload(command), generous)),
    );
    results.forEach((result, index) => {
      expect(result).toMatchObject({ ok: true, response: `Executed: ${commands[index]}` });
    });
    expect(server.connections).toBe(1);
  });
});

describe('createDispatcher over HTTP', () => {
  it('delivers webhooks beside the consoles', async () => {
    const hook = await startWebhookStandIn();
    try {
      dispatcher = createDispatcher();
      const result = await dispatcher.deliver(
        { url: hook.url, secret: 'plain' },
        payloadFor({ target: null })('say hi'),
        generous,
      );
      expect(result).toMatchObject({ ok: true, response: 'ok' });
      expect(hook.received).toHaveLength(1);
    } finally {
      await hook.close();
    }
  });
});
