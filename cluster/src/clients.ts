// What the cluster's clients do, as a viewer's browser would: sign up, keep a /ws socket open
// (reconnecting, and asking for what it missed, when it drops), and trigger actions with a requestId
// that a retry repeats, so an answer lost to a crash never charges twice.
import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';

const FINAL = new Set(['delivered', 'refunded', 'failed']);

export interface Receipt {
  historyId: number;
  status: string;
}

/** A viewer's signed-in socket that reconnects through the proxy and resumes its receipts. */
export class ReceiptSocket {
  /** The last status heard per trigger. */
  readonly last = new Map<number, string>();
  reconnects = 0;
  private socket: WebSocket | null = null;
  private closed = false;
  private lastHeard = 0;
  private readonly waiters: { check: () => boolean; resolve: () => void }[] = [];

  constructor(
    private readonly wsUrl: string,
    private readonly cookie: string,
  ) {}

  /** Resolves once the socket is open (and, on a reconnect, asked to resume). */
  open(): Promise<void> {
    const url = this.lastHeard > 0 ? `${this.wsUrl}?since=${this.lastHeard}` : this.wsUrl;
    const socket = new WebSocket(url, { headers: { cookie: this.cookie } });
    this.socket = socket;
    socket.on('message', (data: Buffer) => this.hear(data.toString()));
    socket.on('close', () => {
      if (this.closed || this.socket !== socket) return;
      this.reconnects++;
      // The process behind it went away: nginx sends the next upgrade to one that is up.
      setTimeout(() => this.reopen(), 200);
    });
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', (error) => reject(error));
    });
  }

  private reopen(): void {
    if (this.closed) return;
    this.open().catch(() => setTimeout(() => this.reopen(), 500));
  }

  private hear(text: string): void {
    let message: { type?: unknown; historyId?: unknown; status?: unknown; timestamp?: unknown };
    try {
      message = JSON.parse(text) as typeof message;
    } catch {
      return;
    }
    if (message.type !== 'action_status' || typeof message.historyId !== 'number') return;
    if (typeof message.status !== 'string') return;
    const known = this.last.get(message.historyId);
    // A final word is never taken back by a late 'retrying' from a slower path.
    if (!known || !FINAL.has(known)) this.last.set(message.historyId, message.status);
    const at = typeof message.timestamp === 'string' ? Date.parse(message.timestamp) : Number.NaN;
    if (Number.isFinite(at)) this.lastHeard = Math.max(this.lastHeard, at);
    for (const waiter of this.waiters.filter((w) => w.check())) {
      this.waiters.splice(this.waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  }

  /** Resolves when every one of these triggers has a final receipt. */
  settled(historyIds: readonly number[]): Promise<void> {
    const check = () => historyIds.every((id) => FINAL.has(this.last.get(id) ?? ''));
    return check() ? Promise.resolve() : new Promise((resolve) => this.waiters.push({ check, resolve }));
  }

  close(): void {
    this.closed = true;
    this.socket?.close();
  }
}

export interface Viewer {
  id: number;
  username: string;
  cookie: string;
}

/** Signs a viewer up through the proxy; the session cookie is what a browser would keep. */
export async function signUp(origin: string, username: string): Promise<Viewer> {
  const res = await fetch(`${origin}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'cluster-pass-1' }),
    signal: AbortSignal.timeout(30_000),
  });
  if (!res.ok) throw new Error(`register ${username}: ${res.status} ${await res.text()}`);
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const { id } = (await res.json()) as { id: number };
  return { id, username, cookie };
}

export interface TriggerOutcome {
  historyId: number;
  /** Answers that were not the final one: proxy errors while a process was down, 429s. */
  retries: number;
}

/**
 * One trigger, retried with the same requestId until an answer says what happened: a 502 or a cut
 * connection (the process died mid-request) may or may not have charged, and the requestId makes the
 * retry answer the first result; a 429 charged nothing and says when to come back.
 */
export async function triggerUntilAnswered(origin: string, viewer: Viewer, actionId: number): Promise<TriggerOutcome> {
  const requestId = randomUUID();
  for (let retries = 0; ; retries++) {
    let res: Response;
    try {
      res = await fetch(`${origin}/api/trigger-action`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: viewer.cookie },
        body: JSON.stringify({ actionId, requestId }),
        signal: AbortSignal.timeout(30_000),
      });
    } catch {
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    if (res.status === 200) {
      const body = (await res.json()) as { historyId: number };
      return { historyId: body.historyId, retries };
    }
    const text = await res.text();
    if (res.status === 429) {
      const wait = Number(res.headers.get('retry-after') ?? '1');
      await new Promise((r) => setTimeout(r, Math.max(1, wait) * 1000));
      continue;
    }
    if (res.status === 502 || res.status === 503 || res.status === 504) {
      await new Promise((r) => setTimeout(r, 200));
      continue;
    }
    throw new Error(`trigger ${actionId} for ${viewer.username}: ${res.status} ${text}`);
  }
}
