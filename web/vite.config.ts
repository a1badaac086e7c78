/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // The installable app (docs/operations.md, "The service worker"): the manifest, and a
    // Workbox worker that precaches the app shell. It never caches /api/ answers or /p/ pages:
    // only precached build files are served from the cache, and navigations to /api/ and /p/
    // always go to the network. Registered by hand in src/app/pwa (a few bytes on the landing page).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifestFilename: 'manifest.webmanifest',
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        id: '/',
        name: 'Creator Workspace',
        short_name: 'Creator',
        description:
          'Creator Workspace keeps your video ideas, notes, scripts and collections in one calm place.',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        theme_color: '#4f46e5',
        background_color: '#ffffff',
        icons: [
          { src: '/pwa-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          {
            src: '/pwa-maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        // Prerendered marketing pages are served by the server; the worker's shell is index.html.
        globIgnores: ['**/prerendered/**'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/p\//, /^\/metrics/],
        inlineWorkboxRuntime: true,
        cleanupOutdatedCaches: true,
        // The writing page's chunk (CodeMirror, Yjs) is the largest; precache it too.
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
  ],
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
