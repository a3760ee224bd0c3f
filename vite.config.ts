import { fileURLToPath } from 'node:url';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// Absolute paths: with `root: 'pwa'`, Vite, the router plugin and vite-plugin-pwa would otherwise each
// resolve relative paths against pwa/ (pwa/pwa/routes), not against this file.
const fromHere = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

const apiServer = 'http://localhost:3000';

/** Build of the PWA: file-based routes, React, and an injectManifest service worker that asks before updating. */
export default defineConfig({
  root: fromHere('./pwa'),
  publicDir: fromHere('./pwa/public'),
  build: {
    outDir: fromHere('./dist'),
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/api': apiServer,
      '/uploads': apiServer,
    },
  },
  plugins: [
    // Must run before react(): it rewrites route files for code splitting.
    tanstackRouter({
      target: 'react',
      routesDirectory: fromHere('./pwa/routes'),
      generatedRouteTree: fromHere('./pwa/routeTree.gen.ts'),
      autoCodeSplitting: true,
      addExtensions: true,
      quoteStyle: 'single',
    }),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: fromHere('./pwa'),
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'SparkRight Electrical',
        short_name: 'SparkRight',
        description: 'Electricians in Ashford, Surrey, London and the South East: quotes, bookings and your customer portal.',
        lang: 'en-GB',
        theme_color: '#c62828',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      },
    }),
  ],
});
