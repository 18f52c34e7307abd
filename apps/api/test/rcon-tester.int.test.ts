import { testDialects } from '@shop/db/testing';
import { type RconStandIn, startRconStandIn, startWebRconStandIn, type WebRconStandIn } from '@shop/dispatch/testing';
import { RCON_TESTER_MSG } from '@shop/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RateLimits } from '../src/env';
import { type HostLookup, resolvePublicTarget } from '../src/net/public-target';
import { RCON_TESTER_MAX_IN_FLIGHT } from '../src/routers/debug/rcon-tester-slots';
import { createTestApp, loginAs, registerUser, TEST_ADMIN, type TestApp, testConfig } from './helpers';

const RUST = '/api/debug/test-rust-command';
const MINECRAFT = '/api/debug/test-minecraft-command';
const PASSWORD = 'tester-pass';

type Who = 'anonymous' | 'viewer' | 'admin';

describe.each(testDialects())('RCON tester on %s', (dialect) => {
  let t: TestApp;
  let cookies: Record<Who, string | undefined>;
  let rcon: RconStandIn;
  let webRcon: WebRconStandIn;

  const send = (url: string, who: Who, payload: object, remoteAddress = '203.0.113.7') => {
    const cookie = cookies[who];
    return t.app.inject({ method: 'POST', url, remoteAddress, payload, ...(cookie ? { headers: { cookie } } : {}) });
  };
  const body = (port: number, host: string, extra: object = {}) => ({
    host,
    port,
    password: PASSWORD,
    command: 'status',
    ...extra,
  });
  const connectionsSoFar = () => rcon.connections + webRcon.connections;

  beforeAll(async () => {
    t = await createTestApp(dialect, { admin: TEST_ADMIN });
    cookies = {
      anonymous: undefined,
      viewer: (await registerUser(t.app, 'curious')).cookie,
      admin: await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password),
    };
    rcon = await startRconStandIn({ password: PASSWORD });
    webRcon = await startWebRconStandIn({ password: PASSWORD });
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all([rcon?.close(), webRcon?.close()]);
  });

  describe.each(['anonymous', 'viewer'] as const)('for %s', (who) => {
    it.each([
      ['127.0.0.1', 'is a loopback address'],
      ['10.20.30.40', 'is a private-network address'],
      ['169.254.169.254', 'is a cloud metadata address'],
      ['::ffff:127.0.0.1', 'is a loopback address'],
      ['localhost', 'resolves to an address that is not public'],
      // Numeric spellings the resolver turns into 127.0.0.1: the check is on what the name resolves to.
      ['2130706433', 'resolves to an address that is not public'],
      ['0x7f.1', 'resolves to an address that is not public'],
    ])('refuses %s with a 400 before connecting anywhere', async (host, reason) => {
      const before = connectionsSoFar();
      for (const [url, port] of [
        [MINECRAFT, rcon.port],
        [RUST, webRcon.port],
      ] as const) {
        const res = await send(url, who, body(port, host));
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().status).toBe('error');
        expect(res.json().message).toContain(reason);
        expect(res.json().message).toContain('only servers on the public internet');
      }
      expect(connectionsSoFar()).toBe(before);
    });

    it('answers a name that does not resolve as a failed test, not as an error', async () => {
      const res = await send(MINECRAFT, who, body(25575, 'nothing-here.invalid'));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        success: false,
        error: 'Could not resolve host nothing-here.invalid',
        message: '',
      });
    });
  });

  it('lets an admin reach the Minecraft RCON and Rust WebRcon stand-ins on 127.0.0.1', async () => {
    const minecraft = await send(MINECRAFT, 'admin', body(rcon.port, '127.0.0.1', { command: 'list' }));
    expect(minecraft.statusCode, minecraft.body).toBe(200);
    expect(minecraft.json()).toEqual({ success: true, error: null, message: 'Executed: list' });
    expect(rcon.commands).toContain('list');

    const rust = await send(RUST, 'admin', body(webRcon.port, '127.0.0.1', { command: 'serverinfo' }));
    expect(rust.statusCode, rust.body).toBe(200);
    expect(rust.json()).toEqual({ success: true, error: null, message: 'Executed: serverinfo' });
    expect(webRcon.commands).toContain('serverinfo');

    // Over /trpc too, with the port typed as text (the form's field), parsed as an integer.
    const viaTrpc = await t.app.inject({
      method: 'POST',
      url: '/trpc/debug.testMinecraftCommand',
      headers: { cookie: cookies.admin as string },
      payload: { ...body(rcon.port, '127.0.0.1'), port: String(rcon.port) },
    });
    expect(viaTrpc.statusCode, viaTrpc.body).toBe(200);
    expect(viaTrpc.json().result.data).toMatchObject({ success: true, message: 'Executed: status' });
  });

  it('reports a server that refuses the password as Failed with the reason, and never echoes the password', async () => {
    const wrong = { password: 'not-the-password' };
    for (const [url, port, reason] of [
      [MINECRAFT, rcon.port, 'RCON authentication failed'],
      [RUST, webRcon.port, 'WebRcon authentication failed'],
    ] as const) {
      const res = await send(url, 'admin', body(port, '127.0.0.1', wrong));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: false, error: reason, message: '' });
      expect(res.body).not.toContain('not-the-password');
    }
  });

  it("maps 'URL encode password' honestly: off sends the password into the path as typed", async () => {
    // A literal '%41' in the password: encoded it arrives intact, unencoded the server reads it as 'A'.
    const literal = await startWebRconStandIn({ password: 'a%41b' });
    try {
      const run = (encodePassword: boolean) =>
        send(RUST, 'admin', body(literal.port, '127.0.0.1', { password: 'a%41b', encodePassword }));
      expect((await run(true)).json()).toMatchObject({ success: true });
      expect((await run(false)).json()).toMatchObject({ success: false, error: 'WebRcon authentication failed' });
      const unencodable = await send(
        RUST,
        'admin',
        body(literal.port, '127.0.0.1', { password: 'a#b', encodePassword: false }),
      );
      expect(unencodable.statusCode).toBe(400);
      expect(unencodable.json().message).toBe(`password: ${RCON_TESTER_MSG.passwordNeedsEncoding}`);
    } finally {
      await literal.close();
    }
  });

  it.each([
    [{ port: 'abc' }, `port: ${RCON_TESTER_MSG.portInteger}`],
    [{ port: 25575.5 }, `port: ${RCON_TESTER_MSG.portInteger}`],
    [{ port: 70000 }, `port: ${RCON_TESTER_MSG.portRange}`],
    [{ port: 0 }, `port: ${RCON_TESTER_MSG.portRange}`],
    [{ port: '' }, `port: ${RCON_TESTER_MSG.portRequired}`],
    [{ host: '' }, `host: ${RCON_TESTER_MSG.hostRequired}`],
    [{ host: 'rcon://play.example.com' }, `host: ${RCON_TESTER_MSG.hostInvalid}`],
    [{ command: '   ' }, `command: ${RCON_TESTER_MSG.commandRequired}`],
    [{ password: '' }, `password: ${RCON_TESTER_MSG.passwordRequired}`],
  ])('answers bad input %j with 400 and a clear message', async (change, message) => {
    for (const url of [MINECRAFT, RUST]) {
      const res = await send(url, 'anonymous', { ...body(25575, 'play.example.com'), ...change });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toEqual({ status: 'error', message });
    }
  });
});

describe.each(testDialects())('RCON tester rate limit on %s', (dialect) => {
  const limits: RateLimits = { ...testConfig().rateLimits, rconTester: { max: 2, windowMs: 60_000 } };
  let t: TestApp;
  let rcon: RconStandIn;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { admin: TEST_ADMIN, rateLimits: limits });
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    rcon = await startRconStandIn({ password: PASSWORD });
  });
  afterAll(async () => {
    await t?.close();
    await rcon?.close();
  });

  const attempt = (remoteAddress: string, cookie?: string): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method: 'POST',
      url: MINECRAFT,
      remoteAddress,
      payload: { host: '127.0.0.1', port: rcon.port, password: PASSWORD, command: 'list' },
      ...(cookie ? { headers: { cookie } } : {}),
    });

  it('counts calls per address (refused ones too), answers 429 with Retry-After, and never limits admins', async () => {
    expect((await attempt('198.51.100.1')).statusCode).toBe(400);
    expect((await attempt('198.51.100.1')).statusCode).toBe(400);
    const limited = await attempt('198.51.100.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    expect(limited.json().message).toBe('Too many attempts. Please wait 60 seconds and try again.');

    // Another address has its own count.
    expect((await attempt('198.51.100.2')).statusCode).toBe(400);
    // An admin from the limited address is not counted.
    for (let i = 0; i < 3; i++) {
      const res = await attempt('198.51.100.1', admin);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ success: true, message: 'Executed: list' });
    }
    t.clock.advance(60_000);
    expect((await attempt('198.51.100.1')).statusCode).toBe(400);
  });
});

describe.each(testDialects())('RCON tester calls in flight on %s', (dialect) => {
  let t: TestApp;
  let hung: WebRconStandIn;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, { admin: TEST_ADMIN });
    admin = await loginAs(t.app, TEST_ADMIN.username, TEST_ADMIN.password);
    // Accepts the password and then holds every answer back: each call stays in flight until released.
    hung = await startWebRconStandIn({ password: PASSWORD });
    hung.setSilent(true);
  });
  afterAll(async () => {
    await t?.close();
    await hung?.close();
  });

  const call = (cookie?: string): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method: 'POST',
      url: RUST,
      remoteAddress: '203.0.113.9',
      payload: { host: '127.0.0.1', port: hung.port, password: PASSWORD, command: 'status' },
      ...(cookie ? { headers: { cookie } } : {}),
    });

  it('answers 429 to anyone while the process-wide limit of calls is in flight, and serves again after', async () => {
    // Refused calls give their slot back: more of them than there are slots leave the limit untouched.
    for (let i = 0; i <= RCON_TESTER_MAX_IN_FLIGHT; i++) expect((await call()).statusCode).toBe(400);

    const held = Array.from({ length: RCON_TESTER_MAX_IN_FLIGHT }, () => call(admin));
    await hung.untilOpenConnections(RCON_TESTER_MAX_IN_FLIGHT);

    const busy = {
      status: 'error',
      message: 'Too many connection tests are running. Please try again in a few seconds.',
    };
    for (const cookie of [admin, undefined]) {
      const refused = await call(cookie);
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.json()).toEqual(busy);
      expect(refused.headers['retry-after']).toBe('5');
    }
    expect(hung.connections).toBe(RCON_TESTER_MAX_IN_FLIGHT);

    hung.setSilent(false);
    for (const res of await Promise.all(held)) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ success: true, error: null, message: 'Executed: status' });
    }
    const again = await call(admin);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ success: true });
    hung.setSilent(true);
  });
});

describe('resolvePublicTarget', () => {
  const fakeLookup =
    (answers: Record<string, string[]>): HostLookup =>
    async (host) => {
      const addresses = answers[host];
      if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
      return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
  const lookup = fakeLookup({
    'game.example': ['2606:4700::6810:84e5', '93.184.216.34'],
    'v6.example': ['2606:4700::6810:84e5'],
    'rebind.example': ['93.184.216.34', '127.0.0.1'],
    'metadata.example': ['169.254.169.254'],
    'mapped.example': ['::ffff:10.0.0.1'],
    'empty.example': [],
  });
  const resolve = (host: string) => resolvePublicTarget(host, { lookup, timeoutMs: 5000 });

  it('returns the checked address to connect to (IPv4 first), so no second lookup can swap it', async () => {
    expect(await resolve('game.example')).toEqual({ ok: true, address: '93.184.216.34' });
    expect(await resolve('v6.example')).toEqual({ ok: true, address: '2606:4700::6810:84e5' });
    expect(await resolve('8.8.8.8')).toEqual({ ok: true, address: '8.8.8.8' });
  });

  it('refuses a name when ANY of its addresses is not public', async () => {
    for (const host of ['rebind.example', 'metadata.example', 'mapped.example']) {
      await expect(resolve(host)).rejects.toMatchObject({ code: 'BAD_REQUEST' });
    }
  });

  it('answers a name without addresses as a failed lookup', async () => {
    expect(await resolve('missing.example')).toEqual({ ok: false, error: 'Could not resolve host missing.example' });
    expect(await resolve('empty.example')).toEqual({ ok: false, error: 'Could not resolve host empty.example' });
  });
});
