import { openWithin, startDeadline } from './deadline';
import { DeliveryFailure, failureOutcome, timeoutFailure } from './failure';
import { type RconAddress, RconConnection } from './rcon-connection';
import type { DeliveryResult, TransportOptions } from './types';
import { DEFAULT_TIMEOUT_MS, parseHostPort, timed, truncate } from './util';

export const RCON_DEFAULT_PORT = 25575;
/** Minecraft reads at most 1446 bytes of command payload per packet (client to server). */
export const RCON_MAX_COMMAND_BYTES = 1446;

/**
 * Where an RCON command goes, after checking what no retry can fix: throws a DeliveryFailure that is not
 * retryable for a bad URL, an empty command or one too long for a packet.
 */
export function rconRequestAddress(url: string, command: string): RconAddress {
  const address = parseHostPort(url, 'rcon:', RCON_DEFAULT_PORT);
  if (!address) throw new DeliveryFailure('Invalid RCON URL (expected rcon://host:port)', false);
  if (command.trim() === '') throw new DeliveryFailure('Empty command', false);
  if (Buffer.byteLength(command) > RCON_MAX_COMMAND_BYTES) {
    throw new DeliveryFailure(`Command longer than ${RCON_MAX_COMMAND_BYTES} bytes`, false);
  }
  return address;
}

/**
 * One command over Minecraft RCON (`rcon://host:port`, the password is the endpoint's secret) on a
 * connection of its own: connect, authenticate, send, return the reply, and always close the socket.
 * Deliveries go through `createDispatcher`, which keeps the connection open; this is for one-off calls.
 */
export async function sendMinecraftRcon(
  url: string,
  password: string,
  command: string,
  options: TransportOptions = {},
): Promise<DeliveryResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return timed(options.now ?? Date.now, async () => {
    let connection: RconConnection | undefined;
    const deadline = startDeadline(timeoutMs, timeoutFailure('RCON', timeoutMs));
    try {
      const address = rconRequestAddress(url, command);
      connection = await openWithin(RconConnection.open(address, password, timeoutMs), deadline.signal);
      return { ok: true, response: truncate(await connection.run(command, deadline.signal)) };
    } catch (error) {
      return failureOutcome(error, password);
    } finally {
      deadline.dispose();
      void connection?.close();
    }
  });
}
