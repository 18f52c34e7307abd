import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';
import { prerender } from './build/prerender';
import { routePreload } from './build/route-preload';

const API = 'http://localhost:3000';

export default defineConfig({
  // Only this one setting of the environment reaches the client (realtime-endpoints.ts), besides VITE_*.
  envPrefix: ['VITE_', 'REALTIME_FALLBACK_URLS'],
  plugins: [
    react(),
    // The pages people land on; the rest load their chunk on first visit, which is fine.
    routePreload(
      {
        '/': 'src/pages/HomePage.tsx',
        '/shop': 'src/pages/ShopPage.tsx',
        '/leaderboard': 'src/pages/LeaderboardPage.tsx',
        '/dashboard': 'src/pages/DashboardPage.tsx',
        '/history': 'src/pages/HistoryPage.tsx',
        '/auth': 'src/pages/AuthPage.tsx',
        '/test-rcon': 'src/pages/TestRconPage.tsx',
      },
      { boot: ['react-dom/client.js'] },
    ),
    // The pages the bench and most visitors land on; see build/prerender.ts.
    prerender(['/', '/leaderboard', '/shop']),
    precompress(),
  ],
  build: {
    outDir: 'dist',
    // One stylesheet, loaded before the first paint: the prerendered pages need their own CSS
    // (hero, skeletons) at that moment, not when their chunk arrives.
    cssCodeSplit: false,
    // Lists the entry and the chunks it imports for bench/src/web.ts when a build has no loader
    // script (build/route-preload.ts writes it, with the list every page downloads).
    manifest: true,
    // Every browser the build targets but Safari 16 follows modulepreload links itself; there the
    // chunks still load when imported, only without the head start. Not worth its bytes on every visit.
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': API,
      '/trpc': API,
      '/ws': { target: 'ws://localhost:3000', ws: true },
    },
  },
});
