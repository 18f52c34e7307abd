import type { TPoolOut } from '@shop/domain';
import { useEffect, useState } from 'react';
import { parseRealtimeMessage } from '../realtime/realtime-messages';
import { applyProgress } from './pool-view';

const RECONNECT_MS = 3000;

/**
 * The overlay's crowd goals. The overlay page has no app providers, so it reads `GET /api/pools` and
 * opens `/ws` itself, anonymously and read-only, for pool_progress (public to everyone); on every
 * (re)connect the list is read again, so nothing missed while away stays wrong.
 */
export function useOverlayPools(): TPoolOut[] {
  const [pools, setPools] = useState<TPoolOut[]>([]);
  useEffect(() => {
    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const load = () =>
      fetch('/api/pools')
        .then((res) => (res.ok ? (res.json() as Promise<TPoolOut[]>) : null))
        .then((list) => {
          if (list && !stopped) setPools(list);
        })
        .catch(() => undefined);
    const connect = () => {
      const url = new URL('/ws', window.location.href);
      url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
      socket = new WebSocket(url);
      socket.onopen = () => void load();
      socket.onmessage = (event) => {
        const message = parseRealtimeMessage(event.data);
        if (message?.type === 'pool_progress') setPools((list) => applyProgress(list, message));
      };
      socket.onclose = () => {
        if (!stopped) timer = setTimeout(connect, RECONNECT_MS);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      socket?.close();
    };
  }, []);
  return pools;
}
