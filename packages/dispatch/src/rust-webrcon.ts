import { openWithin, startDeadline } from './deadline';
import { DeliveryFailure, failureOutcome, timeoutFailure } from './failure';
import type { DeliveryResult, TransportOptions } from './types';
import { DEFAULT_TIMEOUT_MS, type Outcome, parseHostPort, timed, truncate } from './util';
import { type WebRconAddress, WebRconConnection } from './webrcon-connection';

export const WEBRCON_DEFAULT_PORT = 28016;

export interface RustPlayer {
  steamId: string;
  username: string;
}

export type RustPlayerListResult = { ok: true; players: RustPlayer[] } | { ok: false; error: string };

export interface RustWebRconOptions extends TransportOptions {
  /**
   * Default true: the password is URL-encoded into the socket's path. False sends it as typed, for a server
   * that expects the raw text (the RCON tester's 'URL encode password' switch).
   */
  encodePassword?: boolean;
}

/**
 * One console command over Rust WebRcon (`webrcon://host:port`, the password is the endpoint's secret) on a
 * socket of its own. Deliveries go through `createDispatcher`, which keeps the socket open; this is for
 * one-off calls.
 */
export async function sendRustWebRcon(
  url: string,
  password: string,
  command: string,
  options: RustWebRconOptions = {},
): Promise<DeliveryResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return timed(options.now ?? Date.now, async () => {
    const outcome = await webRconOnce(url, password, command, timeoutMs, options.encodePassword ?? true);
    return outcome.ok ? { ok: true, response: truncate(outcome.response) } : outcome;
  });
}

/** The players on a Rust server, from `global.playerlist` (a JSON array of `{ SteamID, DisplayName, ... }`). */
export async function rustPlayerList(
  url: string,
  password: string,
  options: { timeoutMs?: number } = {},
): Promise<RustPlayerListResult> {
  const outcome = await webRconOnce(url, password, 'global.playerlist', options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  if (!outcome.ok) return { ok: false, error: outcome.error };
  const players = parsePlayerList(outcome.response);
  return players ? { ok: true, players } : { ok: false, error: 'Unexpected reply to global.playerlist' };
}

/** Parses the playerlist JSON; null when it is not an array. Entries without a Steam id are skipped. */
export function parsePlayerList(text: string): RustPlayer[] | null {
  // A Steam id (7656119...) is above 2^53: if a server ever sends it as a bare number, quote it before
  // JSON.parse so no digits are lost.
  const quoted = text.replace(/("SteamID"\s*:\s*)(\d+)/g, '$1"$2"');
  let parsed: unknown;
  try {
    parsed = JSON.parse(quoted);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  const players: RustPlayer[] = [];
  for (const entry of parsed as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { SteamID, DisplayName } = entry as { SteamID?: unknown; DisplayName?: unknown };
    if (typeof SteamID !== 'string' || SteamID === '') continue;
    players.push({ steamId: SteamID, username: typeof DisplayName === 'string' ? DisplayName : '' });
  }
  return players;
}

/**
 * Where a WebRcon command goes, after checking what no retry can fix: throws a DeliveryFailure that is not
 * retryable for a bad URL or an empty command.
 */
export function webRconRequestAddress(url: string, command: string): WebRconAddress {
  const address = parseHostPort(url, 'webrcon:', WEBRCON_DEFAULT_PORT);
  if (!address) throw new DeliveryFailure('Invalid WebRcon URL (expected webrcon://host:port)', false);
  if (command.trim() === '') throw new DeliveryFailure('Empty command', false);
  return address;
}

/** One request on a socket of its own, closed afterwards. */
async function webRconOnce(
  url: string,
  password: string,
  command: string,
  timeoutMs: number,
  encodePassword = true,
): Promise<Outcome> {
  let connection: WebRconConnection | undefined;
  const deadline = startDeadline(timeoutMs, timeoutFailure('WebRcon', timeoutMs));
  try {
    const address = webRconRequestAddress(url, command);
    // Unencoded, these would end the URL path (# ?), turn into '/' (a backslash) or be dropped (tab, newline).
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is refused
    if (!encodePassword && /[#?\\\u0000-\u001f\u007f]/.test(password)) {
      throw new DeliveryFailure('This password cannot be sent without URL encoding', false);
    }
    connection = await openWithin(
      WebRconConnection.open(address, password, timeoutMs, { encodePassword }),
      deadline.signal,
    );
    return { ok: true, response: await connection.request(command, deadline.signal) };
  } catch (error) {
    return failureOutcome(error, password);
  } finally {
    deadline.dispose();
    void connection?.close();
  }
}
