import type { TRealtimeMessage } from '@shop/domain';

/** viewer-spec section 9: the last 50 messages are kept. */
export const MAX_MESSAGES = 50;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** A frame from /ws, or null for anything that is not one of the messages we know how to show. */
export function parseRealtimeMessage(data: unknown): TRealtimeMessage | null {
  if (typeof data !== 'string') return null;
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isObject(value) || !isObject(value.action) || typeof value.action.name !== 'string') return null;
  if (typeof value.timestamp !== 'string') return null;
  if (value.type === 'action_triggered' || value.type === 'action_tested') {
    return isObject(value.user) && typeof value.user.username === 'string' ? (value as TRealtimeMessage) : null;
  }
  if (value.type === 'action_status') {
    return typeof value.userId === 'number' && typeof value.status === 'string' ? (value as TRealtimeMessage) : null;
  }
  return null;
}

/** Newest first, capped. */
export function keepLatest<T>(list: readonly T[], item: T, max: number = MAX_MESSAGES): T[] {
  return [item, ...list].slice(0, max);
}

/** The attempt number to make next after an unclean close, or null once the limit is used up. */
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
