import { RouterProvider, createRouter } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { flushSync } from 'react-dom';
import { createRoot, hydrateRoot } from 'react-dom/client';
import type { Root } from 'react-dom/client';
import { NAVIGATED_EVENT, setLinkHandler } from './islands/links.ts';
import { listenForInstall } from './lib/install-prompt.ts';
import { focusNewPage } from './lib/page-focus.ts';
import { followSectionLinks } from './lib/section-focus.ts';
import { routeTree } from './routeTree.gen.ts';
import { PageError } from './components/pages/PageError.tsx';
import './styles.css';

// One router for the app; registered below so links and search params are typed against the route tree.
const router = createRouter({
  routeTree,
  // A page that fails (its code did not download, on one bar of signal or after a deploy) says so under the site's
  // header and offers to load it again, rather than the router's "Something went wrong!".
  defaultErrorComponent: PageError,
  defaultPreload: 'intent',
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);

/**
 * Starts the whole app in #root. Prerendered pages that are not islands pages arrive with #root holding the
 * page, so React adopts that markup instead of drawing it again. The route's code-split chunks must be loaded
 * before hydrating (router.load()), or the first render would suspend and replace the server's markup with
 * nothing. The portal, admin and tool pages get the empty app shell and render on the client.
 */
export async function startApp(rootElement: HTMLElement): Promise<void> {
  // `<html data-hydrated>` once the first render is committed: from then on every control responds (a tap on
  // a prerendered button before that does nothing). Browser tests wait for it before interacting.
  const unsubscribe = router.subscribe('onRendered', () => {
    document.documentElement.dataset['hydrated'] = 'true';
    unsubscribe();
  });
  followLinks();
  listenForInstall();
  if (!rootElement.hasChildNodes()) {
    createRoot(rootElement).render(app);
    return;
  }
  await router.load();
  // Render the match tree exactly as the prerenderer did: TanStack Router leaves out its top-level
  // <Suspense> when `router.ssr` is set (it is what its own hydrate() sets). Without this the client tree
  // has a Suspense boundary the server HTML lacks, and React throws the prerendered markup away.
  router.ssr = { manifest: undefined };
  // As a transition, hydration yields to the browser every few milliseconds instead of running as one long
  // task: the page (already painted) stays responsive on slow phones (Total Blocking Time).
  startTransition(() => {
    hydrateRoot(rootElement, app);
  });
}

/**
 * An islands page (pwa/islands/) hands itself over to the router when the visitor follows a link to another
 * page: the router goes to that address and renders it in #root, in place of the prerendered page and its
 * islands (whose roots are then unmounted). From then on the router does the work, as on any other page.
 */
export async function takeOver(rootElement: HTMLElement, url: URL, islands: readonly Root[]): Promise<void> {
  // Until the new page is in, the old one takes no taps: they would reach DOM about to be replaced (a menu opened
  // meanwhile went with it), as a tap during an ordinary page load reaches nothing.
  rootElement.inert = true;
  try {
    router.history.push(`${url.pathname}${url.search}${url.hash}`);
    await router.load();
    const root = createRoot(rootElement);
    // In one synchronous commit: the new page replaces the old with no empty frame between them.
    flushSync(() => root.render(app));
  } finally {
    rootElement.inert = false;
  }
  for (const island of islands) island.unmount();
  const target = url.hash ? document.getElementById(decodeURIComponent(url.hash.slice(1))) : null;
  if (target) target.scrollIntoView();
  else window.scrollTo(0, 0);
  // The link followed went with the old page: the focus goes to the new one's h1 (or the section linked to).
  focusNewPage(url.hash, null);
  followLinks();
}

/** Whether a path is one of the app's routes (not /api, /uploads or a file). */
export function isAppPath(pathname: string): boolean {
  return pathname in router.routesByPath;
}

/**
 * Links outside the router — an island's plain `<a>`, a link in prerendered text — go through the router
 * too. A link to a place on the same page is left to the browser (it scrolls and moves focus there).
 */
function followLinks(): void {
  setLinkHandler((url) => {
    if (!isAppPath(url.pathname) || samePage(url)) return false;
    void router.navigate({ href: `${url.pathname}${url.search}${url.hash}` });
    return true;
  });
  if (followed) return;
  followed = true;
  followSectionLinks();
  router.subscribe('onResolved', () => window.dispatchEvent(new Event(NAVIGATED_EVENT)));
  // Another page (not another tab of the same one, which the portals handle): focus and title follow (2.4.3).
  let focusedBefore: Element | null = null;
  router.subscribe('onBeforeNavigate', () => {
    focusedBefore = document.activeElement;
  });
  router.subscribe('onRendered', (event) => {
    if (event.fromLocation && event.pathChanged) focusNewPage(event.toLocation.hash ? `#${event.toLocation.hash}` : '', focusedBefore);
  });
}

let followed = false;

/** The same page, only another place on it (or the same place). */
export function samePage(url: URL): boolean {
  return url.pathname === window.location.pathname && url.search === window.location.search;
}
