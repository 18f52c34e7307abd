import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const API = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
