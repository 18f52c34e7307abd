import { sendMinecraftRcon, sendRustWebRcon } from '@shop/dispatch';
import { RCON_TESTER_MAX_REPLY_CHARS, RCON_TESTER_TIMEOUT_MS, type TRconTestResult } from '@shop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Context } from '../../context';
import { resolvePublicTarget, urlHost } from '../../net/public-target';
import type { RateLimiters } from '../../rate-limit';
import { enforceRateLimit } from '../../rate-limit';
import { inTesterSlot } from './rcon-tester-slots';

/** Who asks, and what the tester uses of the services. */
type TesterContext = Pick<Context, 'user' | 'ip'> & {
  services: { limiters: Pick<RateLimiters, 'rconTester'>; now: () => number; log: FastifyBaseLogger };
};

export interface TestRequest {
  game: 'minecraft' | 'rust';
  host: string;
  port: number;
  password: string;
  command: string;
  encodePassword: boolean;
}

const truncate = (text: string) =>
  text.length > RCON_TESTER_MAX_REPLY_CHARS ? `${text.slice(0, RCON_TESTER_MAX_REPLY_CHARS)}…` : text;
const failed = (error: string): TRconTestResult => ({ success: false, error: truncate(error), message: '' });

/**
 * The public RCON tester (admin-spec section 2). Anyone may use it, so for anyone but an admin it must not
 * become a way to probe networks: counted per address, public addresses only (checked on what the name
 * resolves to, and the connection goes to that checked address), 5 s per connection, reply truncated, and a
 * few calls at once in the whole process (admins' too).
 * Admins may test any address, including a server on the same machine. A server that was not reached or
 * refused the command is a test result (200, success false); refused input or addresses are 400s.
 */
export async function runTest(ctx: TesterContext, request: TestRequest): Promise<TRconTestResult> {
  const { services } = ctx;
  const isAdmin = ctx.user?.is_admin === 1;
  // Admins are trusted with the whole network already (endpoints, tests); counting them would only get in
  // the way of someone fixing their own server.
  if (!isAdmin) await enforceRateLimit(services.limiters.rconTester, `ip:${ctx.ip}`, services.now());
  // The slot covers the name lookup too: while it waits it holds one of libuv's few pool threads.
  return inTesterSlot(() => connectAndSend(ctx, request, isAdmin));
}

async function connectAndSend(ctx: TesterContext, request: TestRequest, isAdmin: boolean): Promise<TRconTestResult> {
  const { services } = ctx;
  let host = request.host;
  if (!isAdmin) {
    const target = await resolvePublicTarget(request.host, { timeoutMs: RCON_TESTER_TIMEOUT_MS });
    if (!target.ok) return failed(target.error);
    host = target.address;
  }
  // Never the password: secrets stay out of logs.
  services.log.info(
    { game: request.game, host: request.host, port: request.port, admin: isAdmin, ip: ctx.ip },
    'rcon tester call',
  );

  const options = { timeoutMs: RCON_TESTER_TIMEOUT_MS };
  const result =
    request.game === 'minecraft'
      ? await sendMinecraftRcon(`rcon://${urlHost(host)}:${request.port}`, request.password, request.command, options)
      : await sendRustWebRcon(`webrcon://${urlHost(host)}:${request.port}`, request.password, request.command, {
          ...options,
          encodePassword: request.encodePassword,
        });
  return result.ok ? { success: true, error: null, message: truncate(result.response) } : failed(result.error);
}
