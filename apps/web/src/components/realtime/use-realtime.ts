import type { TRealtimeMessage } from '@shop/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { notify } from '../../lib/notify';
import { keepLatest, nextAttempt, parseRealtimeMessage } from './realtime-messages';

/** viewer-spec section 9: 5 reconnect attempts, 5 s apart, 5 s to connect each time. */
const MAX_ATTEMPTS = 5;
const RETRY_MS = 5_000;
const CONNECT_TIMEOUT_MS = 5_000;

export type RealtimeStatus = 'connecting' | 'connected' | 'disconnected';

function realtimeUrl(): string {
  return `${window.location.protocol === 'https:' ? 'wss://' : 'ws://'}${window.location.host}/ws`;
}

interface Options {
  /** Called once per message, after it is stored. */
  onMessage?: (message: TRealtimeMessage) => void;
  /**
   * Who is signed in (a user id, or null). The server reads the session once, when the socket
   * opens, and sends a viewer's receipts only to their own sockets: a change reconnects.
   */
  identity?: number | null;
}

/** The /ws feed: connection state, the last 50 messages (newest first), and a manual reconnect. */
export function useRealtime({ onMessage, identity = null }: Options = {}) {
  const [status, setStatus] = useState<RealtimeStatus>('connecting');
  const [messages, setMessages] = useState<TRealtimeMessage[]>([]);
  const socketRef = useRef<WebSocket | null>(null);
  const attemptsRef = useRef(0);
  const retryTimerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** Set by reconnect() so the user who asked hears that it worked. */
  const announceRef = useRef(false);
  const onMessageRef = useRef(onMessage);
  useEffect(() => {
    onMessageRef.current = onMessage;
  }, [onMessage]);

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
    const socket = new WebSocket(realtimeUrl());
    socketRef.current = socket;
    // A connect that hangs counts as an unclean close, so it goes through the retry path below.
    const connectTimer = setTimeout(() => {
      if (socket.readyState === WebSocket.CONNECTING) socket.close();
    }, CONNECT_TIMEOUT_MS);

    socket.onopen = () => {
      clearTimeout(connectTimer);
      if (socketRef.current !== socket) return;
      const recovered = attemptsRef.current > 0 || announceRef.current;
      attemptsRef.current = 0;
      announceRef.current = false;
      setStatus('connected');
      if (recovered) notify.success('Real-time connection established', 'Live activity is flowing again.');
    };
    socket.onmessage = (event) => {
      const message = parseRealtimeMessage(event.data);
      if (!message || socketRef.current !== socket) return;
      setMessages((list) => keepLatest(list, message));
      onMessageRef.current?.(message);
    };
    socket.onclose = (event) => {
      clearTimeout(connectTimer);
      // Our own teardown already replaced or cleared the socket: nothing to do.
      if (socketRef.current !== socket) return;
      socketRef.current = null;
      setStatus('disconnected');
      if (event.wasClean) return;
      const attempt = nextAttempt(attemptsRef.current, MAX_ATTEMPTS);
      if (attempt === null) {
        notify.error('Connection failed', 'Could not establish a real-time connection. Please reload the page.');
        return;
      }
      attemptsRef.current = attempt;
      notify.error('Connection lost', `Reconnecting in ${RETRY_MS / 1000} s (attempt ${attempt} of ${MAX_ATTEMPTS})`);
      retryTimerRef.current = setTimeout(connect, RETRY_MS);
    };
  }, [teardown]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: identity is a reconnect trigger, not an input of connect()
  useEffect(() => {
    connect();
    return teardown;
  }, [connect, teardown, identity]);

  /** 'Test Connection': start over with a fresh socket and a fresh attempt budget. */
  const reconnect = useCallback(() => {
    attemptsRef.current = 0;
    announceRef.current = true;
    connect();
  }, [connect]);

  return { status, messages, reconnect };
}
