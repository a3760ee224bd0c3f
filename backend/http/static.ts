import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context, Next } from 'koa';
import { clientRoutes, type ClientRoute } from '#domain/routes.ts';
import { withRequestId, type Lane } from './lanes.ts';
import { noneMatch, preferredEncoding } from './negotiate.ts';
import { securityHeaderLines } from './security.ts';
import { SiteFiles, type SiteFile, type Variant } from './site-files.ts';

/**
 * Serves the built PWA (`dist/`) from memory (backend/http/site-files.ts). Hashed assets are cached for a year;
 * the HTML, the service worker and the manifest are revalidated every time (ETag, `304 Not Modified`) so a new
 * version is picked up. Files of dist/ (robots.txt, llms.txt, sitemap.xml, icons, …) answer as they are. A page
 * path of the route table answers 200: a public page with its prerendered `dist/<path>/index.html` (the home
 * page is `dist/index.html`), a portal, admin, sign-in or tool page with the client-rendered shell
 * `dist/app-shell.html`. Any other path answers 404 — with the prerendered 404 page for browsers, JSON for other
 * clients; never a page with 200. Text files and pages go brotli- or gzip-compressed to browsers that accept
 * them. The developer tools' pages (kind `dev`) exist only with `devTools`; otherwise they are unknown paths.
 *
 * `lane` answers every known page and file before the app (no Koa context, no session, no body parsing), with
 * its header lines worked out once; `fallback`, at the end of the middleware chain, answers the rest:
 * the 404 page, or 503 while nothing is built.
 */
export function servePwa(
  distDir: string,
  { devTools, secure }: { devTools: boolean; secure: boolean },
): { lane: Lane; fallback: (ctx: Context, next: Next) => Promise<void>; files: SiteFiles } {
  const files = new SiteFiles(distDir, securityHeaderLines({ secure, api: false }));
  const routes = clientRoutes.filter((route) => route.kind !== 'dev' || devTools);
  // Path -> file, for every file of the build and every page of the route table (with and without one
  // trailing slash); a page path wins over a file of the same name. Rebuilt when the build changed.
  let known = new Map<string, SiteFile>();
  let loaded: ReadonlyMap<string, SiteFile> | null = null;
  const index = (): Map<string, SiteFile> => {
    const current = files.snapshot();
    if (current === loaded) return known;
    loaded = current;
    known = new Map(current);
    for (const route of routes) {
      const page = pageFile(files, route);
      if (!page) continue;
      known.set(route.path, page);
      if (route.path !== '/') known.set(`${route.path}/`, page);
    }
    return known;
  };

  /** The file a GET or HEAD names (by its path; a file also by its percent-decoded name), or undefined. */
  const find = (url: string): { path: string; file: SiteFile } | undefined => {
    const query = url.indexOf('?');
    const path = query === -1 ? url : url.slice(0, query);
    if (path.startsWith('/api/') || path.startsWith('/uploads/')) return undefined;
    const file = index().get(path);
    if (file) return { path, file };
    if (!path.includes('%')) return undefined;
    try {
      // Only files by a decoded name: route-table paths are matched as sent.
      const decoded = decodeURIComponent(path);
      const named = files.get(decoded);
      return named && { path: decoded, file: named };
    } catch {
      return undefined;
    }
  };

  const lane: Lane = (req, res, requestId) => {
    const found = find(req.url ?? '/');
    if (!found) return undefined;
    send(req, res, found.file, requestId);
    return found.path;
  };

  const fallback = async (ctx: Context, next: Next): Promise<void> => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/') || ctx.path.startsWith('/uploads/')) {
      return next();
    }
    // What the lane did not take (a GET that came with a body): the same answer, through the chain.
    const found = find(ctx.url);
    if (found) {
      ctx.respond = false;
      send(ctx.req, ctx.res, found.file, ctx.state['requestId'] as string);
      return;
    }
    if (!files.built) {
      // A build under way (npm start builds first) or yet to run: a browser or a monitor may ask again shortly.
      ctx.status = 503;
      ctx.set('Retry-After', '30');
      ctx.type = 'text/plain';
      ctx.body = 'The app has not been built yet. Run `npm run build` (npm start does this for you).';
      return;
    }
    if (ctx.accepts(['html', 'json', 'text']) !== 'html') return next();
    const page = files.get('/404.html') ?? files.get('/app-shell.html') ?? files.get('/index.html');
    if (!page) return next();
    const variant = pick(page, ctx.get('accept-encoding'));
    ctx.status = 404;
    ctx.body = variant.body;
    ctx.type = 'html';
    if (variant !== page.identity) ctx.set('Content-Encoding', variant === page.br ? 'br' : 'gzip');
    ctx.set('Vary', 'Accept-Encoding');
    ctx.set('Cache-Control', 'no-cache');
  };

  return { lane, fallback, files };
}

/** A page of the route table's file; a build from before prerendering has only index.html (the shell) for all. */
function pageFile(files: SiteFiles, route: ClientRoute): SiteFile | undefined {
  const shell = files.get('/app-shell.html') ?? files.get('/index.html');
  if (route.kind !== 'public') return shell;
  return files.get(route.path === '/' ? '/index.html' : `${route.path}/index.html`) ?? shell;
}

function pick(file: SiteFile, acceptEncoding: string | undefined): Variant {
  const encoding = preferredEncoding(acceptEncoding);
  return (encoding === 'br' ? file.br : encoding === 'gzip' ? file.gzip : undefined) ?? file.identity;
}

/** Writes the answer in one go: status and the precomputed header lines, then the bytes (none for HEAD or 304). */
function send(req: IncomingMessage, res: ServerResponse, file: SiteFile, requestId: string): void {
  const variant = pick(file, req.headers['accept-encoding']);
  const ifNoneMatch = req.headers['if-none-match'];
  const ifModifiedSince = req.headers['if-modified-since'];
  const unchanged =
    ifNoneMatch !== undefined
      ? noneMatch(ifNoneMatch, variant.etag)
      : ifModifiedSince !== undefined && Date.parse(ifModifiedSince) >= Math.floor(file.lastModified / 1000) * 1000;
  if (unchanged) {
    res.writeHead(304, withRequestId(variant.notModified, requestId));
    res.end();
    return;
  }
  res.writeHead(200, withRequestId(variant.ok, requestId));
  if (req.method === 'HEAD') res.end();
  else res.end(variant.body);
}
