import { RECEIPT_STATUSES, type TRealtimeMessage } from '@shop/domain';
import { parseObjectFrame } from '../../lib/socket-frame';

/** viewer-spec section 9: the last 50 messages are kept. */
export const MAX_MESSAGES = 50;

export type ActivityMessage = Extract<TRealtimeMessage, { type: 'action_triggered' | 'action_tested' }>;
export type ReceiptMessage = Extract<TRealtimeMessage, { type: 'action_status' }> & {
  /**
   * While held for a target that does not answer: 'the game server' (as the queue's waitingFor).
   * Read when the receipt carries it; without it a held trigger reads as the streamer's hold.
   */
  waitingFor?: string | null;
};
export type QueueChangedMessage = Extract<TRealtimeMessage, { type: 'queue_changed' }>;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A frame from /ws, or null for anything that is not one of the messages we know how to show. */
export function parseRealtimeMessage(data: unknown): TRealtimeMessage | null {
  const value = parseObjectFrame(data);
  if (!value) return null;
  if (value.type === 'action_triggered' || value.type === 'action_tested') {
    const ok =
      isObject(value.action) &&
      typeof value.action.name === 'string' &&
      typeof value.timestamp === 'string' &&
      isObject(value.user) &&
      typeof value.user.username === 'string';
    return ok ? (value as unknown as TRealtimeMessage) : null;
  }
  if (value.type === 'action_status') {
    const ok =
      typeof value.historyId === 'number' &&
      typeof value.actionName === 'string' &&
      (RECEIPT_STATUSES as readonly unknown[]).includes(value.status);
    return ok ? (value as unknown as TRealtimeMessage) : null;
  }
  if (value.type === 'balance_changed') {
    const ok = typeof value.balance === 'number' && typeof value.amount === 'number';
    return ok ? (value as unknown as TRealtimeMessage) : null;
  }
  if (value.type === 'queue_changed') {
    // Admins' sockets only; the Queue page reads the list again, so the ids are a hint, not data.
    const ok =
      (value.held === undefined || typeof value.held === 'boolean') &&
      Array.isArray(value.historyIds) &&
      value.historyIds.every((id) => typeof id === 'number');
    return ok ? (value as unknown as TRealtimeMessage) : null;
  }
  if (value.type === 'pool_progress') {
    // Crowd goals (components/pools): the bar's figures, public to everyone.
    const ok =
      typeof value.actionId === 'number' &&
      typeof value.goal === 'number' &&
      typeof value.raised === 'number' &&
      typeof value.endsAt === 'string' &&
      (value.state === 'open' || value.state === 'fired' || value.state === 'expired');
    return ok ? (value as unknown as TRealtimeMessage) : null;
  }
  if (value.type === 'shop_status') {
    return typeof value.paused === 'boolean' ? (value as unknown as TRealtimeMessage) : null;
  }
  return null;
}

export const isActivity = (m: TRealtimeMessage): m is ActivityMessage =>
  m.type === 'action_triggered' || m.type === 'action_tested';

/** Who to name in the panel: the display name when there is one, else the login name. */
export function activityName(m: ActivityMessage): string {
  return m.user.displayName || m.user.username;
}

const activityKey = (m: ActivityMessage) => `${m.type}|${m.timestamp}|${m.action.name}|${m.user.username}`;

/**
 * Adds an event to the newest-first list. Every (re)connect replays the server's backlog, so an
 * event already shown is skipped, and an older one slots in by its own time, not at the top.
 */
export function mergeActivity(list: ActivityMessage[], item: ActivityMessage, max = MAX_MESSAGES): ActivityMessage[] {
  const key = activityKey(item);
  if (list.some((m) => activityKey(m) === key)) return list;
  const at = list.findIndex((m) => m.timestamp < item.timestamp);
  const merged = at === -1 ? [...list, item] : [...list.slice(0, at), item, ...list.slice(at)];
  return merged.slice(0, max);
}

/** The attempt number to make next after an unasked-for close, or null once the limit is used up. */
export function nextAttempt(attemptsMade: number, maxAttempts: number): number | null {
  return attemptsMade < maxAttempts ? attemptsMade + 1 : null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Live Activity time column: HH:mm:ss in the viewer's time zone. */
export function clockTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '--:--:--';
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}
