import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { compressFile } from './precompress';

/** The module built for Node that draws one page (src/prerender/render-page.tsx). */
const RENDERER = 'src/prerender/render-page.tsx';

interface Renderer {
  renderPage(path: string, sessionHint: boolean): Promise<string>;
}

/**
 * The page the server sends when the request carries a session cookie (apps/api's web-index.ts):
 * the same as index.html except that `<html>` says so and the pages are drawn that way.
 */
export const SESSION_INDEX = 'index.session.html';

/**
 * Puts each page's markup into the app's element while the HTML is parsed (it runs right after it,
 * before the first paint), and drops the others. Only the page at this exact path gets markup;
 * every other URL starts empty as before. The markup stays inert (no clicks, no focus) until the
 * app has hydrated it (App.tsx), so nothing on it seems to work and then does nothing.
 */
const ADOPT = `(()=>{const r=document.getElementById('root'),p=location.pathname.replace(/(.)\\/$/,'$1');for(const t of document.querySelectorAll('template[data-prerendered]')){if(t.dataset.prerendered===p&&!r.firstChild){r.append(t.content);r.inert=true}t.remove()}})()`;

/**
 * Prerenders the landing pages into index.html, so the browser paints the page's shell and its
 * static text (the LCP element of `/` and `/leaderboard`) as soon as the HTML and CSS are in,
 * instead of after the whole app has downloaded and run. The markup is the app's own first render
 * (same components, no session, no data: skeletons where data goes), which main.tsx hydrates; the
 * data then fills in exactly as before.
 *
 * The server sends one index.html for every route (index.session.html when the request carries a
 * session cookie, see SESSION_INDEX), so each page's markup travels in a <template>
 * and a small inline script (allowed by the CSP through its hash, which the api reads from
 * index.html) puts the one for the current path in place.
 */
export function prerender(paths: string[]): Plugin {
  let root = process.cwd();
  let outDir = 'dist';
  return {
    name: 'shop-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(root, config.build.outDir);
    },
    async closeBundle() {
      // Inside node_modules so the built module finds its (external) packages from there.
      const ssrDir = join(root, 'node_modules/.prerender');
      await build({
        configFile: false,
        root,
        logLevel: 'warn',
        plugins: [react()],
        build: { ssr: RENDERER, outDir: ssrDir, emptyOutDir: true, copyPublicDir: false, minify: false },
      });
      try {
        const renderer = (await import(pathToFileURL(join(ssrDir, 'render-page.js')).href)) as Renderer;
        const file = join(outDir, 'index.html');
        const html = readFileSync(file, 'utf8');
        const slot = '<div id="root"></div>';
        if (!html.includes(slot)) throw new Error(`prerender: index.html has no ${slot}`);
        const htmlTag = '<html ';
        if (!html.includes(htmlTag)) throw new Error('prerender: index.html has no <html> element');
        for (const sessionHint of [false, true]) {
          const templates: string[] = [];
          for (const path of paths) {
            const markup = await renderer.renderPage(path, sessionHint);
            templates.push(`<template data-prerendered="${path}">${markup}</template>`);
          }
          const page = html.replace(slot, `${slot}\n    ${templates.join('\n    ')}\n    <script>${ADOPT}</script>`);
          const target = sessionHint ? join(outDir, SESSION_INDEX) : file;
          writeFileSync(target, sessionHint ? page.replace(htmlTag, `${htmlTag}data-session `) : page);
          // The precompress plugin may have compressed the page before this ran.
          compressFile(target);
        }
      } finally {
        rmSync(ssrDir, { recursive: true, force: true });
      }
    },
  };
}
