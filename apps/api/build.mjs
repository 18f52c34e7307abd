// Bundles the server and our workspace packages into one file; npm dependencies stay external
// (native ones like better-sqlite3 and argon2 cannot be bundled).
import { build } from 'esbuild';

await build({
  // The dispatcher's thread is its own entry: delivery/threaded-dispatcher.ts loads dist/dispatch-thread.js.
  entryPoints: { server: 'src/server.ts', 'dispatch-thread': 'src/delivery/dispatch-thread.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  plugins: [
    {
      name: 'externalize-npm',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@shop/') ? undefined : { external: true }));
      },
    },
  ],
});
