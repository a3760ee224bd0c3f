import type { Context, Next } from 'koa';
import type { Logger } from '../logger.ts';
import { notAllowed } from './errors.ts';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery defence for cookie sessions: a state-changing call must come from our own
 * origin, PUBLIC_URL's. Browsers send Origin (and Sec-Fetch-Site) on such calls; non-browser clients send
 * neither. The request's own Host is not trusted: whoever sends the request chooses it (DNS rebinding).
 */
export function sameOrigin(publicUrl: string, logger?: Logger) {
  const allowed = new URL(publicUrl).origin;
  // An operator behind a proxy, or with PUBLIC_URL unlike the address people type, sees why every form fails:
  // the origin the call came from and the one expected (never cookies or bodies; the headers are cut short).
  const refuse = (ctx: Context, reason: Record<string, string>) => {
    logger?.warn({ requestId: ctx.state['requestId'], method: ctx.method, ...reason, expected: allowed }, 'request refused as cross-site: its origin is not PUBLIC_URL');
    return notAllowed('Cross-site requests are not allowed');
  };
  return async (ctx: Context, next: Next): Promise<void> => {
    if (!SAFE.has(ctx.method)) {
      const origin = ctx.get('origin');
      const site = ctx.get('sec-fetch-site');
      if (origin && origin !== allowed) throw refuse(ctx, { origin: origin.slice(0, 200) });
      if (!origin && site && site !== 'same-origin' && site !== 'none') throw refuse(ctx, { secFetchSite: site.slice(0, 40) });
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

/**
 * The security headers of an answer, as a flat name, value, … list worked out once: those of an API answer
 * (`api`) or of a page or file. The middleware below and the answers sent from memory (the built site, the
 * cached lists) use the same list, so they cannot drift apart.
 */
export function securityHeaderLines(options: { secure: boolean; api: boolean }): readonly string[] {
  return [
    'X-Content-Type-Options',
    'nosniff',
    'Referrer-Policy',
    'strict-origin-when-cross-origin',
    'X-Frame-Options',
    'DENY',
    'Cross-Origin-Opener-Policy',
    'same-origin',
    'Permissions-Policy',
    'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
    ...(options.secure ? ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] : []),
    ...(options.api ? ['Cache-Control', 'no-store', 'Content-Security-Policy', API_POLICY] : ['Content-Security-Policy', pagePolicy(options.secure)]),
  ];
}

/** Headers every answer carries; a route may narrow the policy further (uploads do). */
export function securityHeaders(options: { secure: boolean }) {
  const api = securityHeaderLines({ secure: options.secure, api: true });
  const pages = securityHeaderLines({ secure: options.secure, api: false });
  return async (ctx: Context, next: Next): Promise<void> => {
    const lines = ctx.path.startsWith('/api/') ? api : pages;
    for (let i = 0; i < lines.length; i += 2) ctx.set(lines[i]!, lines[i + 1]!);
    await next();
  };
}
