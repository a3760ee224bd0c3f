import type { Context, Next } from 'koa';
import { notAllowed } from './errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery defence for cookie sessions: a state-changing call must come from our own
 * origin. Browsers send Origin (and Sec-Fetch-Site) on such calls; non-browser clients send neither.
 */
export function sameOrigin(publicUrl: string) {
  const allowed = new URL(publicUrl).origin;
  return async (ctx: Context, next: Next): Promise<void> => {
    if (!SAFE.has(ctx.method)) {
      const origin = ctx.get('origin');
      const site = ctx.get('sec-fetch-site');
      const own = `${ctx.protocol}://${ctx.host}`;
      if (origin && origin !== allowed && origin !== own) throw notAllowed('Cross-site requests are not allowed');
      if (!origin && site && site !== 'same-origin' && site !== 'none') throw notAllowed('Cross-site requests are not allowed');
    }
    await next();
  };
}

/** Headers every answer carries. The full Content-Security-Policy is set where pages are served. */
export async function baseHeaders(ctx: Context, next: Next): Promise<void> {
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  ctx.set('X-Frame-Options', 'DENY');
  ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
  if (ctx.path.startsWith('/api/')) ctx.set('Cache-Control', 'no-store');
  await next();
}
