import { randomInt } from 'node:crypto';
import WebSocket from 'ws';
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

export const WEBRCON_DEFAULT_PORT = 28016;
/** How long a polite close may take before the socket is dropped. */
const CLOSE_GRACE_MS = 1000;

export interface RustPlayer {
  steamId: string;
  username: string;
}

export type RustPlayerListResult = { ok: true; players: RustPlayer[] } | { ok: false; error: string };

/** One console command over Rust WebRcon (`webrcon://host:port`, the password is the endpoint's secret). */
export async function sendRustWebRcon(
  url: string,
  password: string,
  command: string,
  options: TransportOptions = {},
): Promise<DeliveryResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return timed(options.now ?? Date.now, async () => {
    if (command.trim() === '') return { ok: false, error: 'Empty command', retryable: false };
    const outcome = await webRconRequest(url, password, command, timeoutMs);
    return outcome.ok ? { ok: true, response: truncate(outcome.response) } : outcome;
  });
}

/** The players on a Rust server, from `global.playerlist` (a JSON array of `{ SteamID, DisplayName, ... }`). */
export async function rustPlayerList(
  url: string,
  password: string,
  options: { timeoutMs?: number } = {},
): Promise<RustPlayerListResult> {
  const outcome = await webRconRequest(url, password, 'global.playerlist', options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
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
 * Sends one message and resolves with the first reply carrying its Identifier. Rust accepts the WebSocket
 * and then closes it when the password (the URL path) is wrong, so a close before any message at all is
 * reported as an authentication failure.
 */
async function webRconRequest(url: string, password: string, command: string, timeoutMs: number): Promise<Outcome> {
  const address = parseHostPort(url, 'webrcon:', WEBRCON_DEFAULT_PORT);
  if (!address) return { ok: false, error: 'Invalid WebRcon URL (expected webrcon://host:port)', retryable: false };
  const host = address.host.includes(':') ? `[${address.host}]` : address.host;
  const identifier = randomInt(1, 2 ** 31 - 1);

  return new Promise<Outcome>((resolve) => {
    const socket = new WebSocket(`ws://${host}:${address.port}/${encodeURIComponent(password)}`, {
      handshakeTimeout: timeoutMs,
    });
    let opened = false;
    let anyMessage = false;
    let settled = false;
    const timer = setTimeout(
      () => finish({ ok: false, error: `WebRcon timed out after ${timeoutMs} ms`, retryable: true }),
      timeoutMs,
    );

    function finish(outcome: Outcome): void {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      closeQuietly(socket);
      resolve(outcome.ok ? outcome : { ...outcome, error: redact(outcome.error, password) });
    }

    // Always listen for 'error' (ws throws otherwise); after `finish` the events are ignored.
    socket.on('error', (error) => {
      const network = networkError(error);
      finish({
        ok: false,
        error: network ? `WebRcon ${network}` : `WebRcon error: ${errorMessage(error)}`,
        retryable: true,
      });
    });
    socket.on('unexpected-response', (_request, response) => {
      const status = response.statusCode ?? 0;
      response.resume();
      if (status === 401 || status === 403)
        finish({ ok: false, error: 'WebRcon authentication failed', retryable: false });
      else finish({ ok: false, error: `WebRcon handshake refused: HTTP ${status}`, retryable: true });
    });
    socket.on('open', () => {
      opened = true;
      socket.send(JSON.stringify({ Identifier: identifier, Message: command, Name: 'WebRcon' }));
    });
    socket.on('message', (data) => {
      anyMessage = true;
      const reply = parseReply(data);
      if (reply && reply.Identifier === identifier) finish({ ok: true, response: reply.Message });
    });
    socket.on('close', () => {
      if (!opened) finish({ ok: false, error: 'WebRcon connection closed', retryable: true });
      else if (!anyMessage) finish({ ok: false, error: 'WebRcon authentication failed', retryable: false });
      else finish({ ok: false, error: 'WebRcon connection closed before the reply', retryable: true });
    });
  });
}

function parseReply(data: WebSocket.RawData): { Identifier: number; Message: string } | null {
  try {
    const buffer = Array.isArray(data) ? Buffer.concat(data) : data instanceof ArrayBuffer ? Buffer.from(data) : data;
    const text = buffer.toString('utf8');
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { Identifier, Message } = parsed as { Identifier?: unknown; Message?: unknown };
    return { Identifier: Number(Identifier), Message: typeof Message === 'string' ? Message : String(Message ?? '') };
  } catch {
    return null;
  }
}

/** Closes politely when open, drops the socket when still connecting or when the server does not answer. */
function closeQuietly(socket: WebSocket): void {
  if (socket.readyState === WebSocket.CLOSED) return;
  if (socket.readyState !== WebSocket.OPEN) {
    socket.terminate();
    return;
  }
  socket.close(1000);
  const grace = setTimeout(() => socket.terminate(), CLOSE_GRACE_MS);
  socket.once('close', () => clearTimeout(grace));
}
