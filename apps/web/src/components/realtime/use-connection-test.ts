import { useCallback, useState } from 'react';
import { type ConnectionReport, connectionReport } from './connection-report';
import { probeEndpoint } from './probe-endpoint';
import { ENDPOINT_COUNT, pageEndpoints } from './realtime-endpoints';
import { CONNECT_TIMEOUT_MS, type RealtimeStatus } from './use-realtime';

/**
 * The Live Activity panel's 'Test Connection / Test Other Endpoints': tries every endpoint at once
 * (5 s each, as a real connect), reports what it found, and when the feed is down and one answered,
 * moves the feed there.
 */
export function useConnectionTest(status: RealtimeStatus, reconnect: (url?: string) => void) {
  const [testing, setTesting] = useState(false);
  const [report, setReport] = useState<ConnectionReport | null>(null);
  const run = useCallback(async () => {
    setTesting(true);
    setReport(null);
    try {
      const results = await Promise.all(pageEndpoints().map((e) => probeEndpoint(e, CONNECT_TIMEOUT_MS)));
      setReport(connectionReport(results, CONNECT_TIMEOUT_MS));
      const answering = results.find((r) => r.outcome === 'connected');
      if (status !== 'connected' && answering) reconnect(answering.endpoint.url);
    } finally {
      setTesting(false);
    }
  }, [status, reconnect]);
  return { run, testing, report, endpointCount: ENDPOINT_COUNT };
}
