import type { RealtimeEndpoint } from './realtime-endpoints';

/** How one endpoint answered the connection test. */
export interface ProbeResult {
  endpoint: RealtimeEndpoint;
  outcome: 'connected' | 'refused' | 'timeout';
  /** Time to open, when it did. */
  ms: number | null;
}

export interface ConnectionReport {
  ok: boolean;
  summary: string;
  lines: string[];
}

/**
 * What the Live Activity test says it found: one sentence, then a line per endpoint. With one
 * endpoint (no fallbacks configured) the sentence is about 'the live connection'.
 */
export function connectionReport(results: readonly ProbeResult[], timeoutMs: number): ConnectionReport {
  const answered = results.filter((r) => r.outcome === 'connected').length;
  const lines = results.map(({ endpoint, outcome, ms }) => {
    if (outcome === 'connected') return `${endpoint.label}: connected in ${ms ?? 0} ms`;
    if (outcome === 'timeout') return `${endpoint.label}: no answer within ${timeoutMs / 1000} s`;
    return `${endpoint.label}: could not connect`;
  });
  let summary: string;
  if (results.length === 1) {
    summary = answered === 1 ? 'The live connection works.' : 'The live connection could not be made.';
  } else if (answered === results.length) {
    summary = `All ${results.length} endpoints answered.`;
  } else if (answered === 0) {
    summary = `None of the ${results.length} endpoints answered.`;
  } else {
    summary = `${answered} of ${results.length} endpoints answered.`;
  }
  return { ok: answered > 0, summary, lines };
}

/** The panel's button: with the feed down and somewhere else to try, it offers the others. */
export function testButtonLabel(connected: boolean, endpointCount: number): string {
  return !connected && endpointCount > 1 ? 'Test Other Endpoints' : 'Test Connection';
}
