/// <reference lib="webworker" />
import { findClientRoute } from '#domain/routes.ts';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import type { PrecacheEntry } from 'workbox-precaching';
import { drain } from './offline/sender.ts';

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

// A page the route table does not know (an old link, a mistyped address), opened with no signal: the site's own "page
// not found", which leads to the pages that open offline, rather than the browser's error. With signal, the server's
// answer stands. Not files or the API (their own answers, or a failure, are the caller's), and not a path Workbox answers.
self.addEventListener('fetch', (event: FetchEvent) => {
  const { request } = event;
  if (request.mode !== 'navigate' || request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || findClientRoute(url.pathname) || /\.[a-z0-9]+$/i.test(url.pathname) || /^\/(api|uploads|assets)\//.test(url.pathname)) return;
  event.respondWith(
    fetch(request).catch(async () => {
      const page = await matchPrecache('/404.html');
      return page ? new Response(page.body, { status: 404, statusText: 'Not Found', headers: page.headers }) : Response.error();
    }),
  );
});

// The page's reload prompt sends this once the user agrees; we never swap code under an open form by ourselves.
self.addEventListener('message', (event: ExtendableMessageEvent) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') {
    void self.skipWaiting();
  }
});

// Background Sync (where the browser has it): the pages register 'sparkright-outbox' when they queue something,
// and the browser fires it once the device is back online, even with no page of the site open. The worker
// then sends the outbox itself; the pages' own sending and this one never overlap (one Web Lock). Failing
// the event while items still wait asks the browser to try again later.
self.addEventListener('sync', (event) => {
  const sync = event as ExtendableEvent & { readonly tag?: string };
  if (sync.tag === 'sparkright-outbox') sync.waitUntil(syncOutbox());
});

async function syncOutbox(): Promise<void> {
  const result = await drain({ force: true });
  if (result === 'stopped') throw new Error('The server could not be reached; the browser will try again.');
  // A page was sending (asked for as soon as an item was kept, while the page's own request was still out): asked
  // again later, in case that page was closed before its request came back.
  if (result === 'busy') throw new Error('A page is sending; the browser will ask again.');
}

/** The precached HTML file for a page path of the route table (exact, see findClientRoute), or undefined. */
function documentFor(pathname: string): string | undefined {
  const route = findClientRoute(pathname);
  if (!route || route.kind === 'dev') return undefined;
  if (route.kind !== 'public') return '/app-shell.html';
  return route.path === '/' ? '/index.html' : `${route.path}/index.html`;
}
