import { resolve } from 'node:path';
import type { Plugin } from 'vite';

interface BundleChunk {
  type: 'chunk';
  facadeModuleId: string | null;
  imports: string[];
  isEntry: boolean;
  viteMetadata?: { importedCss: Set<string> };
}
type BundleItem = BundleChunk | { type: 'asset' };

/**
 * Pages are lazy chunks, so without help the browser learns of the current page's chunk only
 * after the whole entry has downloaded and run: one more round trip before the page paints. This
 * writes a tiny inline script into index.html that, for the pages in `routes` (exact paths), starts
 * downloading that page's chunk, the chunks it imports and its CSS at once, beside the entry.
 * A page missing from the table still works; it just loses the head start. The server's CSP
 * allows the script by its hash (http/security-headers.ts reads index.html).
 */
export function routePreload(routes: Record<string, string>): Plugin {
  let root = process.cwd();
  return {
    name: 'shop-route-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle as Record<string, BundleItem> | undefined;
        if (!bundle) return [];
        const chunks = Object.entries(bundle).flatMap(([file, item]) =>
          item.type === 'chunk' ? [[file, item] as const] : [],
        );
        // What the entry already loads (index.html preloads it): never listed twice.
        const eager = new Set<string>();
        const walk = (file: string, into: Set<string>) => {
          if (into.has(file)) return;
          into.add(file);
          const chunk = bundle[file];
          if (chunk?.type === 'chunk') for (const next of chunk.imports) walk(next, into);
        };
        for (const [file, chunk] of chunks) if (chunk.isEntry) walk(file, eager);
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
        const script = `(()=>{const t=${JSON.stringify(table)};const f=t[location.pathname.replace(/(.)\\/$/,'$1')];if(f)for(const h of f){const l=document.createElement('link');if(h.endsWith('.css')){l.rel='preload';l.as='style'}else{l.rel='modulepreload';l.crossOrigin=''}l.href='/'+h;document.head.appendChild(l)}})()`;
        return [{ tag: 'script', children: script, injectTo: 'head' }];
      },
    },
  };
}
