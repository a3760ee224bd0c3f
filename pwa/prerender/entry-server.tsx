import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { StrictMode } from 'react';
import type { ReactElement } from 'react';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { NOT_FOUND, PAGE_META } from '#domain/content/pages.ts';
import { routeTree } from '../routeTree.gen.ts';
import { headKey, headTags, headValue, normaliseSiteUrl, pageDocument, splitHoisted } from './head.ts';
import { llmsTxt, publicPaths, robotsTxt, sitemapXml } from './site-files.ts';
import { electricianJsonLd, faqPageJsonLd, jsonLdScript } from './structured-data.ts';

/** One file the build writes into dist/, by its path relative to dist/. */
export type PrerenderedFile = { readonly file: string; readonly content: string };

/** What the build hands the prerenderer: the built shell, and the code-split chunks each route file needs. */
export type PrerenderInput = {
  /** dist/index.html as Vite wrote it: hashed script and style links, empty #root. */
  readonly template: string;
  /** SITE_URL (or PUBLIC_URL) at build time; the canonical links, sitemap and robots.txt use it. */
  readonly siteUrl: string | undefined;
  /** The build date, YYYY-MM-DD, for the sitemap's lastmod. */
  readonly buildDate: string;
  /** The prerendered pages' script, e.g. '/assets/start-x.js' (pwa/prerender/start.ts as built). */
  readonly startScript: string;
  /** The app's modules (pwa/main.tsx's chunk and its imports), which the start script fetches at once. */
  readonly appModules: readonly string[];
  /** The stylesheets a route file's code-split chunks import, e.g. 'routes/faq.tsx' -> ['/assets/faq-x.css']. */
  readonly stylesheets?: (routeFile: string) => readonly string[];
};

/** A path no route answers: rendering it gives the root route's not-found page. */
const NOT_FOUND_PROBE = '/__prerender-not-found__';

/**
 * The pages that hydrate only their islands (pwa/islands/, docs/decisions/013-islands.md): every interactive
 * part of them is inside an <Island>. The other public pages have nothing interactive outside the site's own
 * islands (header, hosts, footer); hydrating them as a whole only cost long tasks after the first paint
 * (docs/decisions/019-static-pages-are-islands-pages.md). Named one by one: a new page with a form or a
 * button outside an island must hydrate as a whole, as /support (its booking lookup) and the 404 page do.
 */
const ISLANDS_PAGES: ReadonlySet<string> = new Set([
  '/',
  '/faq',
  '/privacy-policy',
  '/rewiring-surrey',
  '/consumer-unit-upgrade-surrey',
  '/emergency-electrician-ashford',
  '/electrician-staines',
  '/electrician-windsor',
  '/electrician-feltham',
  '/electrician-hampton',
  '/electrician-richmond',
]);

/**
 * Renders every public page of the route table, the 404 page and the app shell into finished HTML files,
 * plus sitemap.xml, robots.txt and llms.txt. Called by the build (vite.config.ts) after the client bundle is
 * written and before the service worker's precache list is made, so the worker precaches these pages.
 */
export async function prerenderSite(input: PrerenderInput): Promise<PrerenderedFile[]> {
  const siteUrl = normaliseSiteUrl(input.siteUrl);
  const business = jsonLdScript(electricianJsonLd(siteUrl));
  const files: PrerenderedFile[] = [];
  for (const path of publicPaths()) {
    const jsonLd = path === '/faq' ? [business, jsonLdScript(faqPageJsonLd(siteUrl))] : [business];
    const html = await renderPage(input, path, { path, meta: PAGE_META[path], indexable: true, jsonLd });
    files.push({ file: path === '/' ? 'index.html' : `${path.slice(1)}/index.html`, content: html });
  }
  files.push({
    file: '404.html',
    content: await renderPage(input, NOT_FOUND_PROBE, { path: NOT_FOUND_PROBE, meta: NOT_FOUND.meta, indexable: false, jsonLd: [] }),
  });
  // The portal, admin, sign-in and tool pages render on the client from the untouched shell (already noindex).
  files.push({ file: 'app-shell.html', content: input.template });
  files.push({ file: 'sitemap.xml', content: sitemapXml(siteUrl, input.buildDate) });
  files.push({ file: 'robots.txt', content: robotsTxt(siteUrl) });
  files.push({ file: 'llms.txt', content: llmsTxt(siteUrl) });
  return files;
}

/**
 * One page: the router resolves the path (loading the route's code-split component), React renders it to a
 * string — no streaming and no router dehydration script, since the page policy forbids inline scripts —
 * and the markup goes into the shell with the page's head.
 */
async function renderPage(input: PrerenderInput, path: string, page: Parameters<typeof headTags>[1]): Promise<string> {
  const router = createRouter({ routeTree, history: createMemoryHistory({ initialEntries: [path] }), isServer: true });
  await router.load();
  const matches = router.state.matches;
  const failed = matches.find((match) => match.status === 'error');
  if (failed) throw new Error(`Prerender ${path}: route ${failed.routeId} failed to load: ${String(failed.error)}`);
  const notFound = matches.some((match) => match.status === 'notFound' || match._notFound === true);
  if (notFound !== (path === NOT_FOUND_PROBE)) {
    throw new Error(
      `Prerender ${path}: ${notFound ? 'the router has no route for this public path of domain/routes.ts' : 'the not-found probe matched a route'}`,
    );
  }
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  );
  const rendered = renderToString(app);
  // A component that threw or suspended leaves a client-render marker: the page would arrive without its content.
  if (/<!--\$[!?]-->/.test(rendered)) {
    const errors = (await renderErrors(app)).join('\n  ');
    throw new Error(
      `Prerender ${path}: a component threw or suspended while rendering on the server (does it read window, document or storage during render?)\n  ${errors}`,
    );
  }
  const { hoisted, markup } = splitHoisted(rendered);
  const head = headTags(normaliseSiteUrl(input.siteUrl), page);
  const extraHead = [
    ...keepHoisted(path, head, hoisted),
    ...styleLinks(
      input,
      matches.map((match) => match.routeId),
    ),
  ];
  return pageDocument(input.template, { head, extraHead, markup, script: input.startScript, modules: input.appModules, islands: ISLANDS_PAGES.has(path) });
}

/** renderToString swallows the errors of components inside a Suspense boundary; a streaming render reports them. */
function renderErrors(app: ReactElement): Promise<string[]> {
  const errors: string[] = [];
  return new Promise((resolve) => {
    const done = (): void => {
      clearTimeout(timer);
      resolve(errors);
    };
    const stream = renderToPipeableStream(app, {
      onError: (error) => void errors.push(error instanceof Error ? (error.stack ?? error.message) : String(error)),
      onAllReady: done,
      onShellError: done,
    });
    // A component that suspends forever never becomes ready: give up on it after a few seconds.
    const timer = setTimeout(() => {
      stream.abort();
      done();
    }, 5_000);
  });
}

/**
 * The route's own head tags (HeadContent) that the prerendered head does not already have. A route head
 * whose title or description disagrees with PAGE_META is reported: the browser would then show another title
 * than the one search engines read.
 */
function keepHoisted(path: string, head: string, hoisted: readonly string[]): string[] {
  const ours = new Map(head.split('\n').map((tag) => [headKey(tag.trim()), tag.trim()] as const));
  return hoisted.filter((tag) => {
    const key = headKey(tag);
    const mine = key === undefined ? undefined : ours.get(key);
    if (mine === undefined) return true;
    if (headValue(tag) !== headValue(mine)) console.warn(`Prerender ${path}: the route's head has ${tag}, PAGE_META gives ${mine}`);
    return false;
  });
}

/** Stylesheets of the page's route chunks that the shell does not link already: the page must not paint unstyled. */
function styleLinks(input: PrerenderInput, routeIds: readonly string[]): string[] {
  const files = routeIds.map((id) => (id === '__root__' ? 'routes/__root.tsx' : `routes${id === '/' ? '/index' : id}.tsx`));
  const hrefs = new Set(files.flatMap((file) => input.stylesheets?.(file) ?? []).filter((href) => !input.template.includes(`"${href}"`)));
  return [...hrefs].map((href) => `<link rel="stylesheet" crossorigin href="${href}" />`);
}
