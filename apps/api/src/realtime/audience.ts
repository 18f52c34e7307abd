import type { TRealtimeMessage } from '@shop/domain';

/** Who may receive a /ws message, and the exact text they get. */
export type Delivery = { to: 'everyone'; text: string } | { to: 'user'; userId: number; text: string };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/**
 * Decides on delivery, in every process (a message may come from another process through Redis).
 * A receipt (`action_status`) names its viewer and history row: it goes to that viewer's sockets
 * only. The public feed is rebuilt field by field from what the Live Activity shows, so an id added
 * to a message later cannot leak to anonymous sockets by accident. Anything else is dropped.
 */
export function deliveryOf(data: string): Delivery | null {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    return null;
  }
  if (!isObject(value) || !isObject(value.action)) return null;
  if (value.type === 'action_status') {
    return typeof value.userId === 'number' ? { to: 'user', userId: value.userId, text: data } : null;
  }
  if ((value.type === 'action_triggered' || value.type === 'action_tested') && isObject(value.user)) {
    const message: TRealtimeMessage = {
      type: value.type,
      action: { name: String(value.action.name), cost: Number(value.action.cost) },
      user: { username: String(value.user.username) },
      timestamp: String(value.timestamp),
      success: value.success === true,
    };
    return { to: 'everyone', text: JSON.stringify(message) };
  }
  return null;
}
