/**
 * Where the live feed can be reached (viewer-spec section 7: a list of endpoints tried in order, the
 * shop's own first). The shop's own /ws always; then any fallbacks named at build time in
 * REALTIME_FALLBACK_URLS (comma-separated ws:// or wss:// URLs). A fallback on another host gets no
 * session cookie, so it carries the public feed but not the viewer's receipts, and the page's CSP
 * (connect-src) has to allow its origin.
 */
export interface RealtimeEndpoint {
  url: string;
  /** What the connection test calls it. */
  label: string;
}

/** The fallbacks as configured: ws(s) URLs only, each once, in the order given. */
export function parseFallbackUrls(raw: string | undefined): string[] {
  const urls: string[] = [];
  for (const part of (raw ?? '').split(/[\s,]+/)) {
    if (!part) continue;
    let url: URL;
    try {
      url = new URL(part);
    } catch {
      continue;
    }
    if (url.protocol !== 'ws:' && url.protocol !== 'wss:') continue;
    if (!urls.includes(url.href)) urls.push(url.href);
  }
  return urls;
}

/** Never empty: the shop's own endpoint is always first. */
export type RealtimeEndpoints = [RealtimeEndpoint, ...RealtimeEndpoint[]];

export function realtimeEndpoints(
  page: { protocol: string; host: string },
  fallbacks: readonly string[],
): RealtimeEndpoints {
  const own = `${page.protocol === 'https:' ? 'wss:' : 'ws:'}//${page.host}/ws`;
  return [
    { url: own, label: 'This shop (/ws)' },
    ...fallbacks.filter((url) => url !== own).map((url) => ({ url, label: new URL(url).host })),
  ];
}

const FALLBACKS = parseFallbackUrls(import.meta.env.REALTIME_FALLBACK_URLS);

/** How many endpoints there are, known without a page (the prerender draws the test button too). */
export const ENDPOINT_COUNT = 1 + FALLBACKS.length;

/** The endpoints of this page: computed once, the build's list never changes while it runs. */
let cached: RealtimeEndpoints | null = null;
export function pageEndpoints(): RealtimeEndpoints {
  cached ??= realtimeEndpoints(window.location, FALLBACKS);
  return cached;
}
