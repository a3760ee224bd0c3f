/**
 * The only script a prerendered page names. The page is readable as it arrives; its JavaScript is fetched
 * after the first paint, so on a slow connection it never competes with the HTML, the stylesheet and the
 * images the visitor is waiting for. The app shell loads pwa/main.tsx directly.
 *
 * An islands page (every public page but /support; `data-islands` on this script, see
 * docs/decisions/013-islands.md and 019) hydrates only its interactive parts (pwa/islands/) with React,
 * without the router. The router and the app load on the visitor's first input (a tap, a key), and take the
 * page over when a link to another page is followed; a link followed before that is an ordinary page load
 * (from the service worker's precache when offline).
 *
 * The other prerendered pages (/support, the 404 page) hydrate as a whole: all of the app's modules are
 * fetched at once (the build lists them in `data-modules`), but run in three steps with a task boundary
 * between them — React DOM, the router, the app — so no single long task keeps a slow phone from responding
 * (Total Blocking Time).
 */
import '../lib/zod-jitless.ts';
import { appLoading } from '../islands/app-loading.ts';
import { setLinkHandler } from '../islands/links.ts';
import { followSectionLinks } from '../lib/section-focus.ts';

const nextTask = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
const script = document.querySelector<HTMLScriptElement>('script[data-modules]');

async function loadApp(): Promise<void> {
  const modules = script?.dataset['modules'] ?? '';
  for (const href of modules.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  await import('react-dom/client');
  await nextTask();
  await import('@tanstack/react-router');
  await nextTask();
  await import('../main.tsx');
}

async function loadIslands(rootElement: HTMLElement): Promise<void> {
  const { hydrateIslands } = await import('../islands/hydrate.tsx');
  // Evaluating React DOM (with the hydrate module) is one task; starting the islands is the next.
  await nextTask();
  const islands = hydrateIslands();
  const inputs = ['pointerdown', 'touchstart', 'keydown'] as const;
  const onFirstInput = () => {
    for (const type of inputs) window.removeEventListener(type, onFirstInput, true);
    const app = import('../app.tsx');
    appLoading(app);
    void app.then((app) => {
      setLinkHandler((url) => {
        if (!app.isAppPath(url.pathname) || app.samePage(url)) return false;
        void islands.then((roots) => app.takeOver(rootElement, url, roots));
        return true;
      });
      // `<html data-router>`: links now open through the router (browser tests wait for it).
      document.documentElement.dataset['router'] = 'ready';
    });
  };
  for (const type of inputs) window.addEventListener(type, onFirstInput, { capture: true, passive: true });
  // A link to a section of this page puts the focus there (the browser only scrolls).
  followSectionLinks();
  await islands;
  document.documentElement.dataset['hydrated'] = 'true';
  markCurrentLinks();
  window.addEventListener('hashchange', markCurrentLinks);
}

/**
 * The header's links to places on the home page (Services, About, Contact) are marked current by their hash,
 * as the router marks them (nav-links.ts ACTIVE_WITH_HASH); on an islands page the header is static HTML,
 * so this keeps that mark up to date until the router takes over.
 */
function markCurrentLinks(): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('.main-nav a[href^="/"]')) {
    const url = new URL(link.href);
    const current = url.pathname === '/' ? url.pathname === location.pathname && url.hash === location.hash : location.pathname.startsWith(url.pathname);
    link.classList.toggle('active', current);
    if (current) link.dataset['status'] = 'active';
    else delete link.dataset['status'];
    // The current page to a screen reader only for a link to the page itself, not to a section of it (RouterLink).
    if (!url.hash && url.pathname === location.pathname) link.setAttribute('aria-current', 'page');
    else link.removeAttribute('aria-current');
  }
}

requestAnimationFrame(() => {
  setTimeout(() => {
    const rootElement = document.getElementById('root');
    if (script?.dataset['islands'] !== undefined && rootElement) void loadIslands(rootElement);
    else void loadApp();
  }, 0);
});
