import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import { PRELOADED_EVENT } from '../src/lib/preload-links';

interface BundleChunk {
  type: 'chunk';
  facadeModuleId: string | null;
  imports: string[];
  isEntry: boolean;
  viteMetadata?: { importedCss: Set<string> };
}
type BundleItem = BundleChunk | { type: 'asset' };

/** Download links the loader adds per task (see the loader's comment). */
const LINKS_PER_TASK = 3;
/** Vite's tags for the entry and the chunks it imports; the loader below takes their place. */
const ENTRY_TAG = /\s*<script type="module" crossorigin src="\/([^"]+)"><\/script>/;
const MODULEPRELOAD_TAG = /\s*<link rel="modulepreload" crossorigin href="\/[^"]+">/g;

/**
 * Replaces Vite's script tags with one small loader at the end of <body>, which starts the app's
 * downloads: the entry, the chunks it imports, and for the pages in `routes` (exact paths) that
 * page's chunk with what it imports. Pages are lazy chunks, so without this the browser would learn
 * of the current page's chunk only after the entry had downloaded and run, one more round trip.
 *
 * When the page arrived prerendered (#root already holds its markup, see prerender.ts), the
 * downloads start right after the browser has painted it, so that first paint waits for the HTML
 * and the stylesheet alone and does not share the connection with the scripts; otherwise they
 * start at once. A page missing from `routes` still works; it just loses the head start.
 * The server's CSP allows the script by its hash (http/security-headers.ts reads index.html).
 *
 * `boot` names the modules the entry imports dynamically on every page load, by the end of their
 * path (src/main.tsx imports 'react-dom/client' so): they download with the entry's own imports.
 */
export function routePreload(routes: Record<string, string>, options: { boot?: string[] } = {}): Plugin {
  let root = process.cwd();
  return {
    name: 'shop-route-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle as Record<string, BundleItem> | undefined;
        if (!bundle) return html;
        const chunks = Object.entries(bundle).flatMap(([file, item]) =>
          item.type === 'chunk' ? [[file, item] as const] : [],
        );
        const walk = (file: string, into: Set<string>) => {
          if (into.has(file)) return;
          into.add(file);
          const chunk = bundle[file];
          if (chunk?.type === 'chunk') for (const next of chunk.imports) walk(next, into);
        };
        const entry = chunks.find(([, chunk]) => chunk.isEntry)?.[0];
        if (!entry) throw new Error('route-preload: the build has no entry chunk');
        // What the entry loads in any case: never listed twice.
        const eager = new Set<string>();
        walk(entry, eager);
        for (const suffix of options.boot ?? []) {
          const found = chunks.find(([, chunk]) => chunk.facadeModuleId?.endsWith(`/${suffix}`));
          if (!found) throw new Error(`route-preload: no chunk for the boot module ${suffix}`);
          walk(found[0], eager);
        }
        const cssOf = (files: Iterable<string>) =>
          [...files].flatMap((file) => {
            const chunk = bundle[file];
            return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
          });
        const eagerCss = new Set(cssOf(eager));

        const table: Record<string, string[]> = {};
        for (const [path, source] of Object.entries(routes)) {
          const id = resolve(root, source);
          const found = chunks.find(([, chunk]) => chunk.facadeModuleId === id);
          if (!found) throw new Error(`route-preload: no chunk for ${source} (is the page still lazy?)`);
          const files = new Set<string>();
          walk(found[0], files);
          const css = new Set(cssOf(files).filter((file) => !eagerCss.has(file)));
          table[path] = [...[...files].filter((file) => !eager.has(file)), ...css];
        }
        const entryTag = ENTRY_TAG.exec(html);
        if (!entryTag || entryTag[1] !== entry)
          throw new Error('route-preload: Vite no longer writes the entry tag it knows');
        const imports = [...eager].filter((file) => file !== entry);
        // bench/src/web.ts reads `const e=...,i=[...]` to count the initial JS: keep the two in step.
        const loader =
          `(()=>{const e=${JSON.stringify(entry)},i=${JSON.stringify(imports)},t=${JSON.stringify(table)};` +
          `const add=(f,h,css)=>{const l=document.createElement('link');if(css){l.rel='preload';l.as='style'}else{l.rel='modulepreload';l.crossOrigin=''}l.href='/'+h;f.appendChild(l)};` +
          // A few links per task: each one starts a download there and then, which costs the main
          // thread about half a millisecond, so tens of them in one go made one long task that
          // delays the first tap. The entry goes first; what it imports and the page follow.
          // The links' progress is marked on <html data-preload> ('pending', then 'done' with a
          // PRELOADED_EVENT): src/lib/preload-links.ts waits for it, so Vite's import helper finds
          // every link in place instead of adding its own copies in the entry's task.
          `const g=document.documentElement;` +
          `const go=()=>{g.dataset.preload='pending';const s=document.createElement('script');s.type='module';s.crossOrigin='';s.src='/'+e;document.head.appendChild(s);` +
          `const q=[...i.map(h=>[h,false]),...(t[location.pathname.replace(/(.)\\/$/,'$1')]??[]).map(h=>[h,h.endsWith('.css')])];` +
          // The next batch goes in a message, not a timer: a tab opened in the background runs
          // chained timers once a second, and the app waits for the last batch (preload-links.ts).
          `const c=new MessageChannel();` +
          `const step=()=>{const f=document.createDocumentFragment();for(const[h,css]of q.splice(0,${LINKS_PER_TASK}))add(f,h,css);document.head.appendChild(f);` +
          `if(q.length)c.port2.postMessage(0);else{c.port1.close();g.dataset.preload='done';document.dispatchEvent(new Event(${JSON.stringify(PRELOADED_EVENT)}))}};c.port1.onmessage=step;step()};` +
          // After the next paint (a task queued from the frame callback runs after that frame),
          // or after a second should frames not run (a tab opened in the background).
          `const r=document.getElementById('root');if(r&&r.firstChild){let d=false;const once=()=>{if(!d){d=true;go()}};requestAnimationFrame(()=>setTimeout(once));setTimeout(once,1000)}else go()})()`;
        const stripped = html.replace(ENTRY_TAG, '').replace(MODULEPRELOAD_TAG, '');
        return {
          html: stripped,
          tags: [{ tag: 'script', children: loader, injectTo: 'body' }],
        };
      },
    },
  };
}
