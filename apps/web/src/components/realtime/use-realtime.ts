import type { TRealtimeMessage } from '@shop/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { notify } from '../../lib/notify';
import { pageEndpoints } from './realtime-endpoints';
import {
  type ActivityMessage,
  isActivity,
  mergeActivity,
  nextAttempt,
  parseRealtimeMessage,
} from './realtime-messages';

/** viewer-spec section 9: 5 reconnect attempts, 5 s apart, 5 s to connect each time. */
const MAX_ATTEMPTS = 5;
const RETRY_MS = 5_000;
export const CONNECT_TIMEOUT_MS = 5_000;

export type RealtimeStatus = 'connecting' | 'connected' | 'disconnected';

/**
 * A reconnect names the time of the last message heard (`since`), so the server sends where the
 * viewer's recent triggers stand: receipts sent while the socket was away (its api process died,
 * the network dropped) would otherwise never arrive.
 */
function realtimeUrl(base: string, since: number): string {
  if (since <= 0) return base;
  const url = new URL(base);
  url.searchParams.set('since', String(since));
  return url.href;
}

interface Options {
  /** Called once per message, after it is stored. */
  onMessage?: (message: TRealtimeMessage) => void;
  /**
   * Who is signed in (a user id, or null). The server reads the session once, when the socket
   * opens, and sends a viewer's receipts only to their own sockets: a change reconnects.
   * Undefined while it is not known yet: no socket is opened, since one opened now would be
   * replaced as soon as the answer came, and events sent between the two would never be heard.
   */
  identity?: number | null | undefined;
  /**
   * Whether to show the connection notices now. The socket runs on every page (receipts), but
   * 'Connection lost' only means something where live activity is on screen.
   */
  announce?: () => boolean;
}

/** The /ws feed: connection state, the last 50 public events (newest first), and a manual reconnect. */
export function useRealtime({ onMessage, identity, announce = () => true }: Options = {}) {
  const [status, setStatus] = useState<RealtimeStatus>('connecting');
  const [activity, setActivity] = useState<ActivityMessage[]>([]);
  const socketRef = useRef<WebSocket | null>(null);
  const attemptsRef = useRef(0);
  const retryTimerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** Which of the page's endpoints the next connect goes to (viewer-spec section 7: tried in order). */
  const endpointRef = useRef(0);
  /** Set by reconnect() so the user who asked hears that it worked. */
  const announceRef = useRef(false);
  /** When the server sent the last message this client heard (epoch ms), for the reconnect's `since`. */
  const lastHeardRef = useRef(0);
  const onMessageRef = useRef(onMessage);
  const announceNowRef = useRef(announce);
  useEffect(() => {
    onMessageRef.current = onMessage;
    announceNowRef.current = announce;
  }, [onMessage, announce]);

  /** Closes the current socket on purpose: its close event must not schedule a reconnect. */
  const teardown = useCallback(() => {
    if (retryTimerRef.current) clearTimeout(retryTimerRef.current);
    retryTimerRef.current = null;
    const socket = socketRef.current;
    socketRef.current = null;
    if (socket && socket.readyState <= WebSocket.OPEN) socket.close(1000, 'client closed');
  }, []);

  const connect = useCallback(() => {
    teardown();
    setStatus('connecting');
    const endpoints = pageEndpoints();
    const endpoint = endpoints[endpointRef.current % endpoints.length] ?? endpoints[0];
    const socket = new WebSocket(realtimeUrl(endpoint.url, lastHeardRef.current));
    socketRef.current = socket;
    let opened = false;
    // A connect that hangs counts as a failed attempt, so it goes through the retry path below.
    const connectTimer = setTimeout(() => {
      if (socket.readyState === WebSocket.CONNECTING) socket.close();
    }, CONNECT_TIMEOUT_MS);

    socket.onopen = () => {
      clearTimeout(connectTimer);
      if (socketRef.current !== socket) return;
      opened = true;
      const recovered = attemptsRef.current > 0 || announceRef.current;
      attemptsRef.current = 0;
      announceRef.current = false;
      setStatus('connected');
      if (recovered && announceNowRef.current())
        notify.success('Real-time connection established', 'Live activity is flowing again.');
    };
    socket.onmessage = (event) => {
      const message = parseRealtimeMessage(event.data);
      if (!message || socketRef.current !== socket) return;
      const at = 'timestamp' in message ? Date.parse(message.timestamp) : Number.NaN;
      if (Number.isFinite(at)) lastHeardRef.current = Math.max(lastHeardRef.current, at);
      if (isActivity(message)) setActivity((list) => mergeActivity(list, message));
      onMessageRef.current?.(message);
    };
    socket.onclose = () => {
      clearTimeout(connectTimer);
      // Our own teardown already replaced or cleared the socket: nothing to do.
      if (socketRef.current !== socket) return;
      socketRef.current = null;
      setStatus('disconnected');
      // A connect that failed tries the next endpoint; a working one that dropped is tried again first.
      if (!opened) endpointRef.current = (endpointRef.current + 1) % endpoints.length;
      // Any close we did not ask for reconnects, a clean one too: a server restart closes with 1001.
      const attempt = nextAttempt(attemptsRef.current, MAX_ATTEMPTS);
      const tell = announceNowRef.current();
      if (attempt === null) {
        if (tell)
          notify.error('Connection failed', 'Could not establish a real-time connection. Please reload the page.');
        return;
      }
      attemptsRef.current = attempt;
      // 'lost' when a working connection dropped, 'error' when a new one could not be made.
      if (tell) {
        notify.error(
          opened ? 'Connection lost' : 'Connection error',
          `Reconnecting in ${RETRY_MS / 1000} s (attempt ${attempt} of ${MAX_ATTEMPTS})`,
        );
      }
      retryTimerRef.current = setTimeout(connect, RETRY_MS);
    };
  }, [teardown]);

  useEffect(() => {
    if (identity === undefined) return;
    // Another viewer (or none) signed in: what the last one heard says nothing about their triggers.
    lastHeardRef.current = 0;
    connect();
    return teardown;
  }, [connect, teardown, identity]);

  /**
   * Start over with a fresh socket and a fresh attempt budget, at the endpoint the connection test
   * found answering (`url`), or where the list stands.
   */
  const reconnect = useCallback(
    (url?: string) => {
      const index = url ? pageEndpoints().findIndex((e) => e.url === url) : -1;
      if (index !== -1) endpointRef.current = index;
      attemptsRef.current = 0;
      announceRef.current = true;
      connect();
    },
    [connect],
  );

  // Back on the network (Wi-Fi switch, laptop wakes): try at once with a fresh budget, unless connected.
  useEffect(() => {
    const onOnline = () => {
      const socket = socketRef.current;
      if (socket && socket.readyState <= WebSocket.OPEN) return;
      attemptsRef.current = 0;
      announceRef.current = true;
      connect();
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [connect]);

  return { status, activity, reconnect };
}
