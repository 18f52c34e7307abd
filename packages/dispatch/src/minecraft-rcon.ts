import { Rcon } from 'rcon-client';
import type { DeliveryResult, TransportOptions } from './types';
import {
  DEFAULT_TIMEOUT_MS,
  errorMessage,
  networkError,
  type Outcome,
  parseHostPort,
  redact,
  timed,
  truncate,
} from './util';

export const RCON_DEFAULT_PORT = 25575;
/** Minecraft reads at most 1446 bytes of command payload per packet (client to server). */
export const RCON_MAX_COMMAND_BYTES = 1446;

class DeadlineError extends Error {}

/**
 * One command over Minecraft RCON (`rcon://host:port`, the password is the endpoint's secret): connect,
 * authenticate, send, return the reply, and always close the socket.
 */
export async function sendMinecraftRcon(
  url: string,
  password: string,
  command: string,
  options: TransportOptions = {},
): Promise<DeliveryResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return timed(options.now ?? Date.now, async () => {
    const address = parseHostPort(url, 'rcon:', RCON_DEFAULT_PORT);
    if (!address) return { ok: false, error: 'Invalid RCON URL (expected rcon://host:port)', retryable: false };
    if (command.trim() === '') return { ok: false, error: 'Empty command', retryable: false };
    if (Buffer.byteLength(command) > RCON_MAX_COMMAND_BYTES) {
      return { ok: false, error: `Command longer than ${RCON_MAX_COMMAND_BYTES} bytes`, retryable: false };
    }
    const outcome = await exchange(address.host, address.port, password, command, timeoutMs);
    return outcome.ok ? outcome : { ...outcome, error: redact(outcome.error, password) };
  });
}

async function exchange(host: string, port: number, password: string, command: string, timeoutMs: number) {
  // `timeout` is rcon-client's per-packet limit; the deadline below bounds the whole attempt, connect included.
  const rcon = new Rcon({ host, port, password, timeout: timeoutMs });
  // Socket errors after connect are re-emitted here; without a listener they would be thrown as unhandled.
  // The pending request still fails (with 'Connection closed'), which is what we report.
  rcon.on('error', () => {});
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new DeadlineError()), timeoutMs);
  });
  const work = (async () => {
    await rcon.connect();
    return rcon.send(command);
  })();
  // When the deadline wins, `work` still settles later (the socket is destroyed below): keep that quiet.
  work.catch(() => {});
  try {
    const reply = await Promise.race([work, deadline]);
    return { ok: true, response: truncate(reply) } satisfies Outcome;
  } catch (error) {
    return rconFailure(error, timeoutMs);
  } finally {
    clearTimeout(timer);
    // rcon-client leaves the socket open when authentication times out, and `end()` waits for the server;
    // destroying it closes the connection at once and makes rcon-client clear its packet timers.
    rcon.socket?.destroy();
  }
}

function rconFailure(error: unknown, timeoutMs: number): Outcome {
  const message = errorMessage(error);
  if (message === 'Authentication failed') return { ok: false, error: 'RCON authentication failed', retryable: false };
  if (error instanceof DeadlineError || message.startsWith('Timeout for packet')) {
    return { ok: false, error: `RCON timed out after ${timeoutMs} ms`, retryable: true };
  }
  if (message === 'Connection closed')
    return { ok: false, error: 'RCON connection closed by the server', retryable: true };
  const network = networkError(error);
  if (network) return { ok: false, error: `RCON ${network}`, retryable: true };
  return { ok: false, error: `RCON error: ${message}`, retryable: true };
}
