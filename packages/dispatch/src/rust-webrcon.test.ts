import { afterEach, describe, expect, it } from 'vitest';
import { parsePlayerList, rustPlayerList, sendRustWebRcon } from './rust-webrcon';
import { closedPort, startSilentServer, startWebRconStandIn, type WebRconStandIn } from './testing';

const PASSWORD = 'rust pass/&?';
/** Generous: these attempts are expected to succeed, also on a busy machine. */
const generous = { timeoutMs: 10_000 };
/** For servers that never answer in time: the attempt times out whatever the machine's load. */
const short = { timeoutMs: 300 };
const players = [
  { steamId: '76561198000000000', username: 'Alice' },
  { steamId: '76561198000000001', username: 'Bob the Builder' },
];

let server: WebRconStandIn | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('sendRustWebRcon', () => {
  it('sends the command and returns the matching reply', async () => {
    server = await startWebRconStandIn({ password: PASSWORD });
    const result = await sendRustWebRcon(
      server.url,
      PASSWORD,
      'inventory.giveto 76561198000000000 wood 1000',
      generous,
    );
    expect(result).toMatchObject({ ok: true, response: 'Executed: inventory.giveto 76561198000000000 wood 1000' });
    expect(server.commands).toEqual(['inventory.giveto 76561198000000000 wood 1000']);
  });

  it('reports a wrong password as not retryable, without the password', async () => {
    server = await startWebRconStandIn({ password: PASSWORD });
    const result = await sendRustWebRcon(server.url, 'wrong-password', 'say hi', generous);
    expect(result).toMatchObject({ ok: false, retryable: false, error: 'WebRcon authentication failed' });
    expect(JSON.stringify(result)).not.toContain('wrong-password');
    expect(server.commands).toEqual([]);
  });

  it('succeeds when the server is slow but within the timeout', async () => {
    server = await startWebRconStandIn({ password: PASSWORD, delayMs: 100 });
    const result = await sendRustWebRcon(server.url, PASSWORD, 'weather.rain 1', generous);
    expect(result).toMatchObject({ ok: true, response: 'Executed: weather.rain 1' });
  });

  it('times out as retryable when the server does not answer within the timeout', async () => {
    server = await startWebRconStandIn({ password: PASSWORD, delayMs: 60_000 });
    const result = await sendRustWebRcon(server.url, PASSWORD, 'weather.rain 1', short);
    expect(result).toMatchObject({ ok: false, retryable: true, error: 'WebRcon timed out after 300 ms' });
    expect(server.commands).toEqual(['weather.rain 1']);
  });

  it('reports a refused connection as retryable', async () => {
    const port = await closedPort();
    const result = await sendRustWebRcon(`webrcon://127.0.0.1:${port}`, PASSWORD, 'say hi', generous);
    expect(result).toMatchObject({ ok: false, retryable: true, error: 'WebRcon connection refused' });
  });

  it('times out as retryable when the server accepts the connection and never answers', async () => {
    const silent = await startSilentServer();
    try {
      const result = await sendRustWebRcon(`webrcon://127.0.0.1:${silent.port}`, PASSWORD, 'say hi', short);
      expect(result).toMatchObject({ ok: false, retryable: true, error: 'WebRcon timed out after 300 ms' });
    } finally {
      await silent.close();
    }
  });
});

describe('rustPlayerList', () => {
  it('lists the players with their Steam ids', async () => {
    server = await startWebRconStandIn({ password: PASSWORD, players });
    expect(await rustPlayerList(server.url, PASSWORD, generous)).toEqual({ ok: true, players });
    expect(server.commands).toEqual(['global.playerlist']);
  });

  it('returns an empty list for an empty server', async () => {
    server = await startWebRconStandIn({ password: PASSWORD });
    expect(await rustPlayerList(server.url, PASSWORD, generous)).toEqual({ ok: true, players: [] });
  });

  it('reports a wrong password', async () => {
    server = await startWebRconStandIn({ password: PASSWORD, players });
    expect(await rustPlayerList(server.url, 'nope', generous)).toEqual({
      ok: false,
      error: 'WebRcon authentication failed',
    });
  });

  it('keeps every digit of a Steam id sent as a bare number', () => {
    expect(parsePlayerList('[{"SteamID": 76561198000000001, "DisplayName": "Bob"}]')).toEqual([
      { steamId: '76561198000000001', username: 'Bob' },
    ]);
    expect(parsePlayerList('Unknown command')).toBeNull();
  });
});
