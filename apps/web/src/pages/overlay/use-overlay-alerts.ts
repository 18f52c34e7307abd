import type { TOverlayAlert, TOverlayUpNextItem } from '@shop/domain';
import { useCallback, useEffect, useState } from 'react';
import {
  ackFrame,
  dropShown,
  EMPTY_QUEUE,
  enqueueAlert,
  type OverlayQueue,
  overlaySocketUrl,
  parseOverlayAlert,
  RECONNECT_MS,
  UNKNOWN_OVERLAY_CODE,
} from './overlay-alerts';
import { applyEffectAlert, type RunningEffect, stillRunning } from './running-effects';
import { parseUpNext } from './up-next';

export type OverlayConnection = 'connecting' | 'connected' | 'unknown';

/**
 * The overlay socket: every alert is acked the moment it arrives (the delivery waits on that ack,
 * not on the display queue), then shown in turn by the page. With 'Show "Up next"' on, the socket
 * also carries the next triggers in line, which replace the list each time. Reconnects after any
 * close except the server's refusal of the token.
 */
export function useOverlayAlerts(token: string) {
  const [state, setState] = useState<OverlayQueue>(EMPTY_QUEUE);
  const [connection, setConnection] = useState<OverlayConnection>('connecting');
  const [upNext, setUpNext] = useState<TOverlayUpNextItem[]>([]);
  const [running, setRunning] = useState<RunningEffect[]>([]);

  useEffect(() => {
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;

    const open = () => {
      setConnection('connecting');
      const ws = new WebSocket(overlaySocketUrl(window.location, token));
      socket = ws;
      ws.onopen = () => setConnection('connected');
      ws.onmessage = (event) => {
        const items = parseUpNext(event.data);
        if (items) {
          setUpNext(items);
          return;
        }
        const alert = parseOverlayAlert(event.data);
        if (!alert) return;
        ws.send(ackFrame(alert.alertId));
        setRunning((current) => applyEffectAlert(current, alert, Date.now()));
        // A stop ends a countdown; it is no news of its own.
        if (alert.effect?.event !== 'stopped') setState((current) => enqueueAlert(current, alert));
      };
      ws.onclose = (event) => {
        if (stopped || socket !== ws) return;
        socket = null;
        // A stale list is worse than none: the server sends it again on reconnect.
        setUpNext([]);
        if (event.code === UNKNOWN_OVERLAY_CODE) {
          setConnection('unknown');
          return;
        }
        setConnection('connecting');
        retry = setTimeout(open, RECONNECT_MS);
      };
    };
    open();

    return () => {
      stopped = true;
      if (retry) clearTimeout(retry);
      socket?.close(1000, 'overlay closed');
    };
  }, [token]);

  const current: TOverlayAlert | null = state.queue[0] ?? null;
  // Stable, so the page's display timer is not restarted by every render.
  const next = useCallback(() => setState(dropShown), []);
  // The countdowns tick each second while any runs; an effect whose time is up leaves the list.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (running.length === 0) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      setRunning((current) => {
        const left = stillRunning(current, at);
        return left.length === current.length ? current : left;
      });
    }, 1_000);
    return () => clearInterval(timer);
  }, [running.length]);

  return { current, connection, next, upNext, running, now };
}
