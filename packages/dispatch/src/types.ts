/** The outcome of one delivery attempt. A failed delivery is a value, never an exception. */
export type DeliveryResult =
  | { ok: true; response: string; durationMs: number }
  | { ok: false; error: string; durationMs: number; retryable: boolean; unreachable?: boolean };

/** An admin's 'webhook endpoint': the URL scheme picks the transport, the secret is the key or password. */
export interface DeliveryTarget {
  url: string;
  secret: string;
}

export interface DeliveryPayload {
  /** Stable across retries; sent as `webhook-id` so receivers can de-duplicate. */
  deliveryId: string;
  /** The rendered command (see `renderCommand` in @shop/domain). */
  command: string;
  action: {
    id: number;
    name: string;
    webhookAction: string;
    fields: Record<string, string> | null;
    /** For the overlay's alert; webhooks receive them too. */
    imageUrl?: string | null;
    cost?: number;
  };
  viewer: { id: number; username: string; displayName: string | null };
  /** The Steam id for individual Rust actions. */
  target: string | null;
  triggerId: number | null;
  isTest: boolean;
  /** A timed effect's start or stop (webhooks get `action.started` / `action.stopped`). */
  effect?: { event: 'started' | 'stopped'; durationSeconds: number };
}

export interface TransportOptions {
  /** Whole attempt, connect included. Default 5000. */
  timeoutMs?: number;
  /** Clock in milliseconds for the webhook timestamp and `durationMs`. Default `Date.now`. */
  now?: () => number;
}

export type Transport = 'http' | 'rcon' | 'webrcon' | 'overlay';
