import type { TOverlayAck, TOverlayAlert } from '@shop/domain';
import { parseObjectFrame } from '../../lib/socket-frame';
import { effectOf } from './running-effects';

/** How long each alert stays on stream; the next one waits its turn. */
export const ALERT_MS = 5_000;
/** The leaving animation at the end of ALERT_MS (matches OverlayPage.module.css). */
export const EXIT_MS = 400;
/** An OBS source runs for hours: keep trying, a little apart, after any close but a refusal. */
export const RECONNECT_MS = 3_000;
/** The server's answer to an unknown or switched-off overlay token: retrying cannot help. */
export const UNKNOWN_OVERLAY_CODE = 1008;
/** Alert ids remembered for dedupe (a retried delivery re-sends the same id). */
const SEEN_LIMIT = 200;

export interface OverlayQueue {
  /** Waiting alerts; the first is on screen. */
  queue: TOverlayAlert[];
  /** Ids already taken, newest last. */
  seen: string[];
}

export const EMPTY_QUEUE: OverlayQueue = { queue: [], seen: [] };

/** An `overlay_alert` frame, or null for anything else. */
export function parseOverlayAlert(data: unknown): TOverlayAlert | null {
  const value = parseObjectFrame(data);
  if (value?.type !== 'overlay_alert') return null;
  if (typeof value.alertId !== 'string' || typeof value.actionName !== 'string') return null;
  if (typeof value.viewer !== 'string' || typeof value.cost !== 'number') return null;
  const effect = effectOf(value);
  return {
    type: 'overlay_alert',
    alertId: value.alertId,
    viewer: value.viewer,
    actionName: value.actionName,
    imageUrl: typeof value.imageUrl === 'string' && value.imageUrl ? value.imageUrl : null,
    cost: value.cost,
    ...(effect && { effect }),
    timestamp: typeof value.timestamp === 'string' ? value.timestamp : new Date().toISOString(),
  };
}

/** Queues an alert once: the same id again (a retry after a lost ack) is acked but not shown twice. */
export function enqueueAlert(state: OverlayQueue, alert: TOverlayAlert): OverlayQueue {
  if (state.seen.includes(alert.alertId)) return state;
  return { queue: [...state.queue, alert], seen: [...state.seen, alert.alertId].slice(-SEEN_LIMIT) };
}

/** The alert on screen is done: the next one takes its place. */
export function dropShown(state: OverlayQueue): OverlayQueue {
  return { ...state, queue: state.queue.slice(1) };
}

export function ackFrame(alertId: string): string {
  const ack: TOverlayAck = { type: 'overlay_ack', alertId };
  return JSON.stringify(ack);
}

/** The overlay socket of this page (`/overlay/<token>` -> `/ws/overlay?token=<token>`). */
export function overlaySocketUrl(location: { protocol: string; host: string }, token: string): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/ws/overlay?token=${encodeURIComponent(token)}`;
}
