import { constants } from 'node:zlib';
import etag from '@koa/etag';
import type { Context, Middleware, Next } from 'koa';
import compress from 'koa-compress';

/** Below this, compressing costs more than it saves. */
const THRESHOLD_BYTES = 1024;

/**
 * Light on a patchy link (issue 10): the API's JSON (and calendar) answers go brotli- or gzip-compressed, as
 * the client asks, above 1 KB; a read answers an ETag, and `304 Not Modified` with no body when the client's
 * copy (If-None-Match) is current. Pages and files keep their own handling (precompressed at build time).
 */
export function apiTransport(): Middleware {
  const compressing = compress({
    threshold: THRESHOLD_BYTES,
    filter: (type: string) => /json|calendar/.test(type),
    // Fast settings: an answer is compressed once per request, not once per build.
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    gzip: { level: 6 },
    deflate: false,
    zstd: false,
  } as Parameters<typeof compress>[0]);
  const tagging = etag({ weak: true });
  // Outermost first: compress what is finally sent; answer 304 once the ETag is known. Only reads are tagged: a
  // write's answer is never asked for again with If-None-Match, and hashing it was work for nothing.
  return (ctx: Context, next: Next) => {
    if (!ctx.path.startsWith('/api/')) return next();
    const read = ctx.method === 'GET' || ctx.method === 'HEAD';
    return compressing(ctx, () => (read ? notModified(ctx, () => tagging(ctx, next) as Promise<void>) : next()));
  };
}

/** A read whose ETag the client already has: 304, no body. */
async function notModified(ctx: Context, next: Next): Promise<void> {
  await next();
  if ((ctx.method === 'GET' || ctx.method === 'HEAD') && ctx.status === 200 && ctx.fresh) {
    ctx.status = 304;
    ctx.body = null;
  }
}
