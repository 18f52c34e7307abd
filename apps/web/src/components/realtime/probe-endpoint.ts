import type { ProbeResult } from './connection-report';
import type { RealtimeEndpoint } from './realtime-endpoints';

/**
 * Opens a throw-away socket to one endpoint and closes it again: whether it opens, and how fast.
 * The app's own socket is left alone, so a test never drops a working feed.
 */
export function probeEndpoint(endpoint: RealtimeEndpoint, timeoutMs: number): Promise<ProbeResult> {
  return new Promise((resolve) => {
    const started = performance.now();
    let socket: WebSocket;
    try {
      socket = new WebSocket(endpoint.url);
    } catch {
      // A URL the browser refuses outright (a CSP block throws on some engines).
      resolve({ endpoint, outcome: 'refused', ms: null });
      return;
    }
    let settled = false;
    const settle = (outcome: ProbeResult['outcome'], ms: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ endpoint, outcome, ms });
    };
    const timer = setTimeout(() => {
      settle('timeout', null);
      socket.close();
    }, timeoutMs);
    socket.onopen = () => {
      settle('connected', Math.round(performance.now() - started));
      socket.close(1000, 'connection test');
    };
    // Before an open, an error or a close both mean it could not connect.
    socket.onerror = () => settle('refused', null);
    socket.onclose = () => settle('refused', null);
  });
}
