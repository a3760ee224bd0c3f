import { RouterProvider, createRouter } from '@tanstack/react-router';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { routeTree } from './routeTree.gen.ts';
import './styles.css';

// One router for the app; registered below so links and search params are typed against the route tree.
const router = createRouter({
  routeTree,
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
 * Public pages arrive prerendered (pwa/prerender/): #root already holds the page, so React adopts that markup
 * instead of drawing it again. The route's code-split chunks must be loaded before hydrating (router.load()),
 * or the first render would suspend and replace the server's markup with nothing. The portal, admin and tool
 * pages get the empty app shell and render on the client.
 */
async function start(rootElement: HTMLElement): Promise<void> {
  // `<html data-hydrated>` once the first render is committed: from then on every control responds (a tap on
  // a prerendered button before that does nothing). Browser tests wait for it before interacting.
  const unsubscribe = router.subscribe('onRendered', () => {
    document.documentElement.dataset['hydrated'] = 'true';
    unsubscribe();
  });
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

const rootElement = document.getElementById('root');
if (rootElement) {
  void start(rootElement);
} else {
  console.error('Root element not found!');
}
