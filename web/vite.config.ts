/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: {
      // ws: the co-editing socket at /api/collab.
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false, ws: true },
    },
  },
  build: {
    // Every supported browser has native modulepreload; the polyfill would cost landing-page bytes.
    modulePreload: false,
    // The landing page's JS budget is 90 KB gzip; keep an eye on chunk sizes.
    chunkSizeWarningLimit: 400,
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    unstubGlobals: true,
    // The shared 2-core machine makes jsdom slow; give interaction tests room.
    testTimeout: 20_000,
  },
});
