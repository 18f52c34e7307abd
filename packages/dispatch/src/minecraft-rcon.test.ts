import { afterEach, describe, expect, it } from 'vitest';
import { sendMinecraftRcon } from './minecraft-rcon';
import { closedPort, type RconStandIn, startRconStandIn, startSilentServer } from './testing';

const PASSWORD = 'hunter2-rcon';
/** Generous: these attempts are expected to succeed, also on a busy machine. */
const generous = { timeoutMs: 10_000 };
/** For servers that never answer in time: the attempt times out whatever the machine's load. */
const short = { timeoutMs: 300 };

let server: RconStandIn | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('sendMinecraftRcon', () => {
  it('authenticates, runs the command and returns the reply', async () => {
    server = await startRconStandIn({ password: PASSWORD });
    const result = await sendMinecraftRcon(server.url, PASSWORD, 'give alice_tv minecraft:diamond 3', generous);
    expect(result).toMatchObject({ ok: true, response: 'Executed: give alice_tv minecraft:diamond 3' });
    expect(server.commands).toEqual(['give alice_tv minecraft:diamond 3']);
  });

  it('reports a wrong password as not retryable, without the password', async () => {
    server = await startRconStandIn({ password: PASSWORD });
    const result = await sendMinecraftRcon(server.url, 'wrong-password', 'say hi', generous);
    expect(result).toMatchObject({ ok: false, retryable: false, error: 'RCON authentication failed' });
    expect(JSON.stringify(result)).not.toContain('wrong-password');
    expect(server.commands).toEqual([]);
  });

  it('succeeds when the server is slow but within the timeout', async () => {
    server = await startRconStandIn({ password: PASSWORD, delayMs: 100 });
    const result = await sendMinecraftRcon(server.url, PASSWORD, 'time set day', generous);
    expect(result).toMatchObject({ ok: true, response: 'Executed: time set day' });
  });

  it('times out as retryable when the server does not answer within the timeout', async () => {
    server = await startRconStandIn({ password: PASSWORD, delayMs: 60_000 });
    const result = await sendMinecraftRcon(server.url, PASSWORD, 'summon creeper', short);
    expect(result).toMatchObject({ ok: false, retryable: true, error: 'RCON timed out after 300 ms' });
    expect(server.commands).toEqual(['summon creeper']);
  });

  it('reports a refused connection as retryable', async () => {
    const port = await closedPort();
    const result = await sendMinecraftRcon(`rcon://127.0.0.1:${port}`, PASSWORD, 'say hi', generous);
    expect(result).toMatchObject({ ok: false, retryable: true, error: 'RCON connection refused' });
  });

  it('refuses a command too long for one packet, and a bad URL, without retrying', async () => {
    const long = await sendMinecraftRcon('rcon://127.0.0.1:1', PASSWORD, `say ${'a'.repeat(1500)}`, generous);
    expect(long).toMatchObject({ ok: false, retryable: false });
    const bad = await sendMinecraftRcon('rcon://', PASSWORD, 'say hi', generous);
    expect(bad).toMatchObject({ ok: false, retryable: false });
  });

  it('handles several deliveries in a row on fresh connections', async () => {
    server = await startRconStandIn({ password: PASSWORD });
    for (const command of ['say one', 'say two', 'say three']) {
      expect((await sendMinecraftRcon(server.url, PASSWORD, command, generous)).ok).toBe(true);
    }
    expect(server.commands).toEqual(['say one', 'say two', 'say three']);
  });

  it('times out as retryable when the server accepts the connection and never answers', async () => {
    const silent = await startSilentServer();
    try {
      const result = await sendMinecraftRcon(`rcon://127.0.0.1:${silent.port}`, PASSWORD, 'say hi', short);
      expect(result).toMatchObject({ ok: false, retryable: true, error: 'RCON timed out after 300 ms' });
    } finally {
      await silent.close();
    }
  });
});
