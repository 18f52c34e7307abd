import { raceAbort, startDeadline } from './deadline';
import { failureOutcome, timeoutFailure } from './failure';
import type { DeliveryPayload, DeliveryTarget } from './types';
import type { Outcome } from './util';

/** What the overlay page shows for one delivery. */
export interface OverlayAlert {
  /** Stable across retries (the delivery's id), so an overlay shows a re-sent alert once. */
  alertId: string;
  viewer: string;
  actionName: string;
  imageUrl: string | null;
  cost: number;
  /** A timed effect: its start (the overlay counts down) or its stop (the countdown ends). */
  effect?: { event: 'started' | 'stopped'; durationSeconds: number; triggerId: number | null };
}

/**
 * The overlay sockets live in the api process (or in another one, behind Redis); the transport only
 * asks them. `show` puts the alert on every open overlay of the endpoint and resolves on the first
 * overlay's acknowledgement. It rejects with a DeliveryFailure when it knows no overlay is open,
 * and must give up (reject) when the signal aborts.
 */
export interface OverlayChannel {
  show(name: string, alert: OverlayAlert, signal: AbortSignal): Promise<void>;
}

export const NO_OVERLAY_OPEN = 'No overlay is open for this endpoint';

/** `overlay://stream` names the overlay 'stream' (the part after the scheme, no path). */
export function overlayName(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
}

export function overlayAlertOf(payload: DeliveryPayload): OverlayAlert {
  return {
    alertId: payload.deliveryId,
    viewer: payload.viewer.displayName || payload.viewer.username,
    actionName: payload.action.name,
    imageUrl: payload.action.imageUrl ?? null,
    cost: payload.action.cost ?? 0,
    ...(payload.effect && { effect: { ...payload.effect, triggerId: payload.triggerId } }),
  };
}

/**
 * One delivery to the built-in overlay: delivered when an open overlay acknowledges the alert within
 * the timeout; with none open, or no ack in time, a retryable failure like an offline game server.
 */
export async function sendOverlayAlert(
  channel: OverlayChannel | null,
  target: DeliveryTarget,
  payload: DeliveryPayload,
  timeoutMs: number,
): Promise<Outcome> {
  if (!channel) return { ok: false, error: 'The overlay is not available in this process', retryable: true };
  const deadline = startDeadline(timeoutMs, timeoutFailure('Overlay', timeoutMs));
  try {
    await raceAbort(channel.show(overlayName(target.url), overlayAlertOf(payload), deadline.signal), deadline.signal);
    return { ok: true, response: 'Shown on the overlay' };
  } catch (error) {
    return failureOutcome(error, '');
  } finally {
    deadline.dispose();
  }
}
