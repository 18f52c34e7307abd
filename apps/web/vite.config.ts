import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress';
import { routePreload } from './build/route-preload';

const API = 'http://localhost:3000';

export default defineConfig({
  plugins: [
    react(),
    // The pages people land on; the rest load their chunk on first visit, which is fine.
    routePreload({
      '/': 'src/pages/HomePage.tsx',
      '/shop': 'src/pages/ShopPage.tsx',
      '/leaderboard': 'src/pages/LeaderboardPage.tsx',
      '/dashboard': 'src/pages/DashboardPage.tsx',
      '/history': 'src/pages/HistoryPage.tsx',
      '/auth': 'src/pages/AuthPage.tsx',
      '/test-rcon': 'src/pages/TestRconPage.tsx',
    }),
    precompress(),
  ],
  build: { outDir: 'dist' },
  server: {
    port: 5173,
    proxy: {
      '/api': API,
      '/trpc': API,
      '/ws': { target: 'ws://localhost:3000', ws: true },
    },
  },
});
