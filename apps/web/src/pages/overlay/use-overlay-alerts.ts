import type { TOverlayAlert } from '@shop/domain';
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

export type OverlayConnection = 'connecting' | 'connected' | 'unknown';

/**
 * The overlay socket: every alert is acked the moment it arrives (the delivery waits on that ack,
 * not on the display queue), then shown in turn by the page. Reconnects after any close except
 * the server's refusal of the token.
 */
export function useOverlayAlerts(token: string) {
  const [state, setState] = useState<OverlayQueue>(EMPTY_QUEUE);
  const [connection, setConnection] = useState<OverlayConnection>('connecting');

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
        const alert = parseOverlayAlert(event.data);
        if (!alert) return;
        ws.send(ackFrame(alert.alertId));
        setState((current) => enqueueAlert(current, alert));
      };
      ws.onclose = (event) => {
        if (stopped || socket !== ws) return;
        socket = null;
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
  return { current, connection, next };
}
