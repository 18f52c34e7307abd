import { sendHttpWebhook } from './http-webhook';
import { sendMinecraftRcon } from './minecraft-rcon';
import { sendOverlayAlert } from './overlay';
import { sendRustWebRcon } from './rust-webrcon';
import type { DeliveryPayload, DeliveryResult, DeliveryTarget, Transport, TransportOptions } from './types';
import { DEFAULT_TIMEOUT_MS, timed } from './util';

/** The transport for an endpoint URL by its scheme; null for anything else (or an unparsable URL). */
export function transportFor(url: string): Transport | null {
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    return null;
  }
  switch (protocol) {
    case 'http:':
    case 'https:':
      return 'http';
    case 'rcon:':
      return 'rcon';
    case 'webrcon:':
      return 'webrcon';
    case 'overlay:':
      return 'overlay';
    default:
      return null;
  }
}

/**
 * Delivers one command to one target. Never throws: every failure comes back as `{ ok: false }` with
 * `retryable` telling the worker whether another attempt can help (retries belong to the worker).
 */
export async function deliver(
  target: DeliveryTarget,
  payload: DeliveryPayload,
  options: TransportOptions = {},
): Promise<DeliveryResult> {
  const now = options.now ?? Date.now;
  const started = now();
  try {
    switch (transportFor(target.url)) {
      case 'http':
        return await sendHttpWebhook(target, payload, options);
      case 'rcon':
        return await sendMinecraftRcon(target.url, target.secret, payload.command, options);
      case 'webrcon':
        return await sendRustWebRcon(target.url, target.secret, payload.command, options);
      case 'overlay':
        // The overlay's sockets belong to the api: only a dispatcher given its channel reaches them.
        return await timed(now, () => sendOverlayAlert(null, target, payload, options.timeoutMs ?? DEFAULT_TIMEOUT_MS));
      case null:
        return {
          ok: false,
          error: 'Unsupported endpoint URL (expected http(s)://, rcon://, webrcon:// or overlay://)',
          durationMs: 0,
          retryable: false,
        };
    }
  } catch {
    // The transports catch their own errors; this is a last guard so a worker loop never sees a throw.
    return { ok: false, error: 'Unexpected dispatch error', durationMs: Math.max(0, now() - started), retryable: true };
  }
}
