import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../env';

type HelmetSettings = HelmetOptions;

/** A page's security headers, name to value, worked out once from its helmet settings. */
export type SecurityHeaders = Readonly<Record<string, string>>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's own security headers instead of the shop's (the overlay page: embeddableHelmet). */
    securityHeaders?: SecurityHeaders;
  }
}

/** What the pages load from elsewhere: PayPal's SDK and checkout frames, the Twitch player. */
const PAYPAL = ['https://www.paypal.com', 'https://*.paypal.com', 'https://*.paypalobjects.com'];
const TWITCH_PLAYER = ['https://player.twitch.tv', 'https://www.twitch.tv'];

export interface PageSecurity {
  /** 'sha256-...' sources of the inline scripts in index.html (the theme painter). */
  inlineScriptHashes: string[];
  /**
   * Who may put the page in a frame. 'none' for every page of the shop; the stream overlay
   * (an OBS browser source, a later issue) is the one page meant to be embedded.
   */
  frameAncestors: string[];
}

/** CSP directives for helmet, built from config so nothing outside what the pages use is allowed. */
export function contentSecurityPolicy(config: Config, page: PageSecurity): Record<string, string[]> {
  const production = config.nodeEnv === 'production';
  // 'self' covers ws:/wss: of the same host in CSP Level 3 browsers; the explicit socket origin
  // keeps older engines (Safari before 15.4) connecting to /ws.
  const socket = config.publicOrigin ? [config.publicOrigin.replace(/^http/, 'ws')] : [];
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'script-src': ["'self'", ...page.inlineScriptHashes.map((h) => `'${h}'`), ...PAYPAL],
    'script-src-attr': ["'none'"],
    // Mantine writes its CSS variables into <style> elements at run time, and so does PayPal's
    // button frame; styles cannot run code, scripts stay locked to 'self' and hashes.
    'style-src': ["'self'", "'unsafe-inline'", ...PAYPAL],
    // Avatars, action and package images are admin- or viewer-given https URLs.
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...socket, ...(config.realtimeFallbackOrigins ?? []), ...PAYPAL],
    'frame-src': [...PAYPAL, ...TWITCH_PLAYER],
    'child-src': [...PAYPAL, ...TWITCH_PLAYER],
    'form-action': ["'self'"],
    'frame-ancestors': page.frameAncestors,
    // Only where the shop is known to be on https: over plain http (development, or the compose demo
    // on http://localhost) upgrading the page's own requests would break every one of them.
    ...(production && config.publicOrigin?.startsWith('https://') && { 'upgrade-insecure-requests': [] }),
  };
}

/** Every header helmet sets, for one kind of page. */
export function helmetSettings(config: Config, page: PageSecurity): HelmetSettings {
  const embeddable = !page.frameAncestors.includes("'none'");
  return {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config, page) },
    // PayPal's checkout opens a popup that reports back to its opener; same-origin would cut that link.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    // X-Frame-Options for browsers without frame-ancestors; an embeddable page leaves it to the CSP.
    frameguard: embeddable ? false : { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS pins the host to https for a year: only when the shop is really served over TLS.
    strictTransportSecurity: config.nodeEnv === 'production' ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xContentTypeOptions: true,
  };
}

/**
 * The headers helmet sets for these settings. None of them depends on the request, so helmet runs
 * once here instead of on every request (where rebuilding its middleware chain and the CSP string
 * was a measurable part of each trigger).
 */
export function securityHeaders(settings: HelmetSettings): SecurityHeaders {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  helmet(settings)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure) throw failure;
  return headers;
}

/** Whether a path answers data (JSON) rather than a page the browser renders. */
export function isDataPath(path: string): boolean {
  return (
    path === '/api' || path.startsWith('/api/') || path === '/trpc' || path.startsWith('/trpc/') || path === '/healthz'
  );
}

/**
 * Security headers on every reply (errors, 404s and the SPA fallback included); a route may bring its
 * own. Data paths get `api`, pages (and the files they load) get `pages`.
 */
export function addSecurityHeaders(
  app: FastifyInstance,
  headers: { pages: SecurityHeaders; api: SecurityHeaders },
): void {
  app.addHook('onRequest', (req, reply, done) => {
    const own = req.routeOptions.config.securityHeaders;
    reply.headers(own ?? (isDataPath(req.url.split('?', 1)[0] ?? '') ? headers.api : headers.pages));
    done();
  });
}

/**
 * The headers of a JSON reply, after OWASP's REST Security Cheat Sheet. A page's CSP lists the scripts,
 * styles and frames the page may load; JSON loads nothing, so its CSP allows nothing and nobody may
 * frame it, and the headers that only steer how a document behaves (opener policy, DNS prefetch, XSS
 * auditor and the like) are left off: the pages' set was 1.2 KB of every reply, a trigger's included.
 * `no-store` keeps a shared cache from holding someone's balance: tRPC batches a public query (the
 * catalogue) with a personal one (the balance) into one URL and one reply, so no rule by path could
 * tell them apart. A route that sets its own Cache-Control replaces it. HSTS is the pages' own.
 */
export function apiSecurityHeaders(pages: SecurityHeaders): SecurityHeaders {
  const hsts = pages['strict-transport-security'];
  return {
    'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'cache-control': 'no-store',
    ...(hsts !== undefined && { 'strict-transport-security': hsts }),
  };
}

/** The shop's pages: nobody frames them. */
export function defaultHelmet(config: Config, inlineScriptHashes: string[]): SecurityHeaders {
  return securityHeaders(helmetSettings(config, { inlineScriptHashes, frameAncestors: ["'none'"] }));
}

/**
 * The headers of the stream overlay page (`/overlay/<token>`): pass these as that route's
 * `config.securityHeaders` and it alone may be framed (by OBS or a streaming tool), with every other rule kept.
 */
export function embeddableHelmet(config: Config, inlineScriptHashes: string[] = []): SecurityHeaders {
  return securityHeaders(helmetSettings(config, { inlineScriptHashes, frameAncestors: ['*'] }));
}

/** CSP hash sources of the inline <script> blocks of a page, so they run without 'unsafe-inline'. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\ssrc\s*=/i.test(attributes) || body.length === 0) continue;
    hashes.push(`sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}`);
  }
  return hashes;
}

/** The hashes for the built web app's index.html, or none when the api runs without it. */
export function webAppScriptHashes(webDistDir: string | null): string[] {
  if (webDistDir === null) return [];
  const index = join(webDistDir, 'index.html');
  return existsSync(index) ? inlineScriptHashes(readFileSync(index, 'utf8')) : [];
}
