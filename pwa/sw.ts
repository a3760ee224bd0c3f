/// <reference lib="webworker" />
import { clientRoutes } from '#domain/routes.ts';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
};

// Take over the very first page at once, so a first visit already works offline.
clientsClaim();

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Navigations to the app's own routes get the precached shell, online or offline. Only the route table's
// paths (one trailing slash allowed, any query): everything else — /robots.txt, unknown paths that the
// server answers 404 — still goes to the network. API and uploads are denied outright as a second guard.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    allowlist: clientRoutes.map(({ path }) => new RegExp(`^${path === '/' ? '' : path}/?(?:\\?|$)`)),
    denylist: [/^\/api\//, /^\/uploads\//],
  }),
);

// The page's reload prompt sends this once the user agrees; we never swap code under an open form by ourselves.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});
