import type { TActionStatusMessage, TRealtimeMessage } from '@shop/domain';

/**
 * Who may receive a /ws message, and exactly what they get. The text is made only when a socket
 * is there to take it: most receipts find none of their viewer's sockets open.
 */
export type Delivery =
  | { to: 'everyone'; message: TRealtimeMessage; feed: boolean }
  | { to: 'user'; userId: number; message: object }
  | { to: 'admins'; message: TRealtimeMessage };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * Decides on delivery, in every process (a message may come from another process through Redis).
 * A receipt (`action_status`) names its viewer: it goes to that viewer's sockets only, without the
 * viewer's id. Public messages are rebuilt field by field from what the pages show, so an id added
 * to a message later cannot leak to anonymous sockets by accident. Anything else is dropped.
 * `feed` marks the Live Activity events a new socket gets as its backlog.
 */
export function deliveryOf(value: unknown): Delivery | null {
  if (!isObject(value)) return null;
  if (value.type === 'action_status') {
    if (typeof value.userId !== 'number') return null;
    const { userId, ...receipt } = value as unknown as TActionStatusMessage & { userId: number };
    return { to: 'user', userId, message: receipt };
  }
  if (value.type === 'balance_changed') {
    if (typeof value.userId !== 'number') return null;
    const reason = value.reason === 'conversion' || value.reason === 'gift' ? value.reason : 'reward';
    const message: TRealtimeMessage = {
      type: 'balance_changed',
      balance: Number(value.balance),
      amount: Number(value.amount),
      reason,
      // A gift names its giver and carries their note; nothing else about the sender travels.
      ...(reason === 'gift' && { from: String(value.from), message: text(value.message) }),
      timestamp: String(value.timestamp),
    };
    return { to: 'user', userId: value.userId, message };
  }
  if (value.type === 'queue_changed') {
    const ids = Array.isArray(value.historyIds) ? value.historyIds.filter((id) => typeof id === 'number') : [];
    const message: TRealtimeMessage = {
      type: 'queue_changed',
      historyIds: ids,
      ...(typeof value.held === 'boolean' && { held: value.held }),
      timestamp: String(value.timestamp),
    };
    return { to: 'admins', message };
  }
  if (value.type === 'shop_status') {
    const reason = value.reason === 'manual' || value.reason === 'offline' ? value.reason : null;
    const message: TRealtimeMessage = { type: 'shop_status', paused: value.paused === true, reason };
    return { to: 'everyone', message, feed: false };
  }
  if (value.type === 'pool_progress') {
    const state = value.state === 'fired' || value.state === 'expired' ? value.state : 'open';
    const message: TRealtimeMessage = {
      type: 'pool_progress',
      actionId: Number(value.actionId),
      actionName: String(value.actionName),
      goal: Number(value.goal),
      raised: Number(value.raised),
      contributors: Number(value.contributors),
      endsAt: String(value.endsAt),
      state,
    };
    return { to: 'everyone', message, feed: false };
  }
  if (
    (value.type === 'action_triggered' || value.type === 'action_tested') &&
    isObject(value.action) &&
    isObject(value.user)
  ) {
    const message: TRealtimeMessage = {
      type: value.type,
      action: { name: String(value.action.name), cost: Number(value.action.cost) },
      user: { username: String(value.user.username), displayName: text(value.user.displayName) },
      timestamp: String(value.timestamp),
      success: value.success === true,
    };
    return { to: 'everyone', message, feed: true };
  }
  return null;
}
