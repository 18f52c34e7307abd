import { describe, expect, it } from 'vitest';
import { parseFallbackUrls, realtimeEndpoints } from './realtime-endpoints';

describe('realtime endpoints', () => {
  it("is the shop's own /ws alone when no fallback is configured", () => {
    expect(realtimeEndpoints({ protocol: 'https:', host: 'shop.test' }, parseFallbackUrls(undefined))).toEqual([
      { url: 'wss://shop.test/ws', label: 'This shop (/ws)' },
    ]);
    expect(realtimeEndpoints({ protocol: 'http:', host: '127.0.0.1:3000' }, [])[0].url).toBe('ws://127.0.0.1:3000/ws');
  });

  it('adds REALTIME_FALLBACK_URLS after it, in order, ws(s) URLs only and each once', () => {
    const fallbacks = parseFallbackUrls(
      'wss://a.test/ws, https://not-a-socket.test, nonsense  wss://b.test:8443/live,wss://a.test/ws',
    );
    expect(fallbacks).toEqual(['wss://a.test/ws', 'wss://b.test:8443/live']);
    expect(realtimeEndpoints({ protocol: 'https:', host: 'shop.test' }, fallbacks).map((e) => e.label)).toEqual([
      'This shop (/ws)',
      'a.test',
      'b.test:8443',
    ]);
  });
});
