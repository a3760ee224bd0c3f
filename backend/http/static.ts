import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Context, Next } from 'koa';
import serve from 'koa-static';
import { isClientRoute } from '#domain/routes.ts';

/**
 * Serves the built PWA from `dist/`. Hashed assets are cached for a year; the HTML, the service worker
 * and the manifest are revalidated every time so a new version is picked up. A page path of the route
 * table answers its HTML with 200 (a prerendered `dist/<path>/index.html` when the build made one);
 * any other path answers 404 — with the app's 404 page for browsers, never index.html with 200.
 */
export function servePwa(distDir: string) {
  const files = serve(distDir, {
    index: false,
    gzip: false,
    brotli: false,
    setHeaders: (res, path) => {
      if (path.includes('/assets/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else res.setHeader('Cache-Control', 'no-cache');
    },
  });
  const html = new Map<string, string>();
  const load = async (file: string): Promise<string | undefined> => {
    const cached = html.get(file);
    if (cached !== undefined) return cached;
    if (!existsSync(file)) return undefined;
    const text = await readFile(file, 'utf8');
    html.set(file, text);
    return text;
  };

  return async (ctx: Context, next: Next): Promise<void> => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/') || ctx.path.startsWith('/uploads/')) {
      return next();
    }
    if (ctx.path !== '/' && !ctx.path.endsWith('/') && !isClientRoute(ctx.path)) {
      await files(ctx, async () => {});
      if (ctx.body !== undefined) return;
    }
    const page = isClientRoute(ctx.path);
    const wantsHtml = ctx.accepts(['html', 'json', 'text']) === 'html';
    if (!page && !wantsHtml) return next();
    const route = ctx.path.replace(/\/+$/, '');
    const body = (page && route !== '' ? await load(join(distDir, route, 'index.html')) : undefined) ?? (await load(join(distDir, 'index.html')));
    if (body === undefined) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The app has not been built yet. Run `npm run build` (npm start does this for you).';
      return;
    }
    ctx.status = page ? 200 : 404;
    ctx.type = 'html';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = body;
  };
}
