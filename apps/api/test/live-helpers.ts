import type { TOverlayAlert, TOverlayUpNext, TRealtimeMessage, TWebhookEndpoint } from '@shop/domain';
import WebSocket from 'ws';
import type { TestApp } from './helpers';

/** A /ws client that keeps every message it gets. */
export interface Listener {
  messages: TRealtimeMessage[];
  raw: string[];
  ws: WebSocket;
}

export async function listen(socketUrl: string, cookie?: string): Promise<Listener> {
  const ws = new WebSocket(socketUrl, cookie ? { headers: { cookie } } : {});
  const messages: TRealtimeMessage[] = [];
  const raw: string[] = [];
  ws.on('message', (data) => {
    raw.push(String(data));
    messages.push(JSON.parse(String(data)) as TRealtimeMessage);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { messages, raw, ws };
}

/** Waits for a condition the server brings about (a message, a row); the bound only ends a hung test. */
export async function until(check: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * Frames reach one socket in order: once a public marker sent after an event has arrived, anything
 * that event would have sent to these sockets has arrived too.
 */
export async function settle(t: Pick<TestApp, 'services'>, listeners: Listener[], name: string): Promise<void> {
  t.services.realtime.broadcast({
    type: 'action_tested',
    action: { name, cost: 0 },
    user: { username: 'marker', displayName: null },
    timestamp: new Date().toISOString(),
    success: true,
  });
  await until(() =>
    listeners.every((l) => l.messages.some((m) => m.type === 'action_tested' && m.action.name === name)),
  );
}

export const receiptsOf = (listener: Listener) => listener.messages.filter((m) => m.type === 'action_status');

/** An overlay page's socket: it records alerts (acknowledged when `acks` is on) and 'Up next' lists. */
export interface OverlayClient {
  alerts: TOverlayAlert[];
  upNext: TOverlayUpNext[];
  ws: WebSocket;
  acks: boolean;
}

export async function openOverlay(baseUrl: string, token: string, acks = true): Promise<OverlayClient> {
  const ws = new WebSocket(`${baseUrl.replace('http', 'ws')}/ws/overlay?token=${encodeURIComponent(token)}`);
  const client: OverlayClient = { alerts: [], upNext: [], ws, acks };
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as TOverlayAlert | TOverlayUpNext;
    if (message.type === 'overlay_up_next') {
      client.upNext.push(message);
      return;
    }
    const alert = message;
    client.alerts.push(alert);
    if (client.acks) ws.send(JSON.stringify({ type: 'overlay_ack', alertId: alert.alertId }));
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return client;
}

export function closeAll(...sockets: { ws: WebSocket }[]): void {
  for (const s of sockets) s.ws.close();
}

/** The overlay token from an overlayUrl (its last path segment). */
export const tokenOf = (overlayUrl: string | null): string => {
  const token = overlayUrl?.split('/').pop();
  if (!token) throw new Error(`no overlay token in ${overlayUrl}`);
  return token;
};

/** An overlay:// endpoint made through the admin API, as the Webhooks tab does (no secret needed). */
export async function createOverlayEndpoint(
  t: Pick<TestApp, 'app'>,
  admin: string,
  name = 'stream',
  fields: Record<string, unknown> = {},
): Promise<TWebhookEndpoint> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/webhook-endpoints',
    headers: { cookie: admin },
    payload: { url: `overlay://${name}`, description: 'Stream overlay', gameType: 'other', ...fields },
  });
  if (res.statusCode !== 200) throw new Error(`overlay endpoint not created: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Resolves with the close the server sent; listen before the step that should close the socket. */
export function closeOf(ws: WebSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: String(reason) })));
}
