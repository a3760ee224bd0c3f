/// <reference lib="webworker" />
import { findClientRoute } from '#domain/routes.ts';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
};

// Take over the very first page at once, so a first visit already works offline.
clientsClaim();

// The precache holds the built assets and every prerendered page (dist/**/index.html), the 404 page and the
// app shell, so the whole marketing site opens offline after one visit. A page path is answered from the
// precache the way the server answers it: a public page with its own prerendered HTML, the portal, admin,
// sign-in pages with the client-rendered shell. The developer tools' pages go to the network (the server
// answers them 404 outside development). Anything else — /robots.txt, /api/…, unknown paths
// the server answers 404 — is not matched here and goes to the network. `cleanURLs` is off so that /404 or
// /app-shell never resolve to those files.
precacheAndRoute(self.__WB_MANIFEST, {
  cleanURLs: false,
  urlManipulation: ({ url }) => {
    const document = documentFor(url.pathname);
    return document ? [new URL(document, self.location.origin)] : [];
  },
});
cleanupOutdatedCaches();

// The page's reload prompt sends this once the user agrees; we never swap code under an open form by ourselves.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

/** The precached HTML file for a page path of the route table (exact, see findClientRoute), or undefined. */
function documentFor(pathname: string): string | undefined {
  const route = findClientRoute(pathname);
  if (!route || route.kind === 'dev') return undefined;
  if (route.kind !== 'public') return '/app-shell.html';
  return route.path === '/' ? '/index.html' : `${route.path}/index.html`;
}
