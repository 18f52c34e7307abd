interface ImportMetaEnv {
  /** Comma-separated ws(s):// fallbacks for the live feed, read at build time (realtime-endpoints.ts). */
  readonly REALTIME_FALLBACK_URLS?: string;
}
