import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context, Next } from 'koa';
import serve from 'koa-static';
import { findClientRoute } from '#domain/routes.ts';
import type { ClientRoute } from '#domain/routes.ts';

/**
 * Serves the built PWA from `dist/`. Hashed assets are cached for a year; the HTML, the service worker
 * and the manifest are revalidated every time so a new version is picked up. Files of dist/ (robots.txt,
 * llms.txt, sitemap.xml, icons, …) answer as they are. A page path of the route table answers 200: a public
 * page with its prerendered `dist/<path>/index.html` (the home page is `dist/index.html`), a portal, admin,
 * sign-in or tool page with the client-rendered shell `dist/app-shell.html`. Any other path answers 404 —
 * with the prerendered 404 page for browsers, JSON for other clients; never a page with 200. Text files
 * and pages go brotli- or gzip-compressed (copies the build made) to browsers that accept it. The developer
 * tools' pages (kind `dev`) exist only with `devTools`; otherwise they are unknown paths like any other.
 */
export function servePwa(distDir: string, { devTools }: { devTools: boolean }) {
  const files = serve(distDir, {
    index: false,
    // The build writes .br and .gz copies of the text files; koa-send picks one the browser accepts.
    gzip: true,
    brotli: true,
    setHeaders: (res, path) => {
      if (path.includes('/assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else res.setHeader('Cache-Control', 'no-cache');
      res.setHeader('Vary', 'Accept-Encoding');
    },
  });
  // Pages are read once and kept, until a new build changes the file (a rebuild needs no restart).
  const cache = new Map<string, { mtimeMs: number; content: Buffer }>();
  const load = async (file: string): Promise<Buffer | null> => {
    const path = join(distDir, file);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) return null;
    const cached = cache.get(file);
    if (cached?.mtimeMs === info.mtimeMs) return cached.content;
    const content = await readFile(path);
    cache.set(file, { mtimeMs: info.mtimeMs, content });
    return content;
  };
  // A build from before prerendering has only index.html (the shell): every page then falls back to it.
  const firstOf = async (...candidates: string[]): Promise<string | undefined> => {
    for (const file of candidates) if ((await load(file)) !== null) return file;
    return undefined;
  };
  const pageFile = (route: ClientRoute | undefined): Promise<string | undefined> => {
    if (!route) return firstOf('404.html', 'app-shell.html', 'index.html');
    if (route.kind !== 'public') return firstOf('app-shell.html', 'index.html');
    return firstOf(route.path === '/' ? 'index.html' : join(route.path.slice(1), 'index.html'), 'app-shell.html', 'index.html');
  };

  return async (ctx: Context, next: Next): Promise<void> => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/') || ctx.path.startsWith('/uploads/')) {
      return next();
    }
    const known = findClientRoute(ctx.path);
    const route = known?.kind === 'dev' && !devTools ? undefined : known;
    if (!route && !ctx.path.endsWith('/')) {
      await files(ctx, async () => {});
      if (ctx.body !== undefined) return;
    }
    if (!route && ctx.accepts(['html', 'json', 'text']) !== 'html') return next();
    const file = await pageFile(route);
    if (file === undefined) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The app has not been built yet. Run `npm run build` (npm start does this for you).';
      return;
    }
    const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
    const compressed = encoding === 'br' || encoding === 'gzip' ? await load(`${file}.${encoding === 'br' ? 'br' : 'gz'}`) : null;
    ctx.status = route ? 200 : 404;
    ctx.body = compressed ?? (await load(file));
    ctx.type = 'html';
    if (compressed) ctx.set('Content-Encoding', encoding as string);
    ctx.set('Vary', 'Accept-Encoding');
    ctx.set('Cache-Control', 'no-cache');
  };
}
