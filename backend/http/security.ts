import type { Context, Next } from 'koa';
import { notAllowed } from './errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery defence for cookie sessions: a state-changing call must come from our own
 * origin, PUBLIC_URL's. Browsers send Origin (and Sec-Fetch-Site) on such calls; non-browser clients send
 * neither. The request's own Host is not trusted: whoever sends the request chooses it (DNS rebinding).
 */
export function sameOrigin(publicUrl: string) {
  const allowed = new URL(publicUrl).origin;
  return async (ctx: Context, next: Next): Promise<void> => {
    if (!SAFE.has(ctx.method)) {
      const origin = ctx.get('origin');
      const site = ctx.get('sec-fetch-site');
      if (origin && origin !== allowed) throw notAllowed('Cross-site requests are not allowed');
      if (!origin && site && site !== 'same-origin' && site !== 'none') throw notAllowed('Cross-site requests are not allowed');
    }
    await next();
  };
}

/**
 * What the pages may load: only our own origin, plus the video host's iframe after a visitor clicks a video
 * facade. Inline styles are allowed (React style attributes); inline scripts are not.
 */
export function pagePolicy(secure: boolean): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    'frame-src https://www.youtube-nocookie.com',
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(secure ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}

/** An API answer is data: it may load nothing and be framed by nobody. */
export const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** Headers every answer carries; a route may narrow the policy further (uploads do). */
export function securityHeaders(options: { secure: boolean }) {
  const pages = pagePolicy(options.secure);
  return async (ctx: Context, next: Next): Promise<void> => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('X-Frame-Options', 'DENY');
    ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
    ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()');
    if (options.secure) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (ctx.path.startsWith('/api/')) {
      ctx.set('Cache-Control', 'no-store');
      ctx.set('Content-Security-Policy', API_POLICY);
    } else {
      ctx.set('Content-Security-Policy', pages);
    }
    await next();
  };
}
