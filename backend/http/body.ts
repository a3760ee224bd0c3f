import type { Context, Next } from 'koa';
import { HttpMethodEnum, koaBody } from 'koa-body';
import { isSubRequest } from './batch.ts';
import { HttpError } from './errors.ts';

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** The one call that takes multipart/form-data; its route streams and limits the files itself (backend/uploads/). */
const MULTIPART_CALL = 'POST /api/upload';

/**
 * JSON bodies only: a state-changing call with a body must say `application/json` (form-encoded and
 * text/plain bodies are refused, which also keeps simple cross-site form posts out), and the size is capped.
 */
export function jsonBody(limit: string) {
  const parse = koaBody({
    json: true,
    jsonStrict: true,
    jsonLimit: limit,
    multipart: false,
    urlencoded: false,
    text: false,
    parsedMethods: [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE],
  });
  return async (ctx: Context, next: Next): Promise<void> => {
    // A call of a batch: its body came parsed with the batch's.
    if (isSubRequest(ctx)) return next();
    if (`${ctx.method} ${ctx.path}` === MULTIPART_CALL && ctx.is('multipart/form-data')) return next();
    const encoding = ctx.get('content-encoding').trim().toLowerCase();
    if (WRITE_METHODS.has(ctx.method) && encoding !== '' && encoding !== 'identity') {
      // Our clients never compress request bodies; a decompression failure must not become a 500.
      throw new HttpError(415, 'unsupported_media_type', 'Compressed request bodies are not accepted');
    }
    if (WRITE_METHODS.has(ctx.method) && ctx.request.length !== 0 && hasBody(ctx) && !ctx.is('application/json')) {
      throw new HttpError(415, 'unsupported_media_type', 'Send the request body as application/json');
    }
    await parse(ctx, () => {
      if (tooDeep(ctx.request.body)) {
        throw new HttpError(400, 'body_too_deep', `The request body is nested more than ${MAX_DEPTH} levels deep`);
      }
      return next();
    });
  };
}

/** How deep a JSON body may nest: ours go four levels at most (a batch of calls with their files). */
const MAX_DEPTH = 32;

/**
 * Whether a parsed body nests deeper than MAX_DEPTH (arrays and objects), walked without recursion. Deeper, it broke
 * what walks it later: 98 KB of `[[[…]]]` parse, but JSON.stringify (the request's fingerprint) threw a RangeError, a 500.
 */
function tooDeep(body: unknown): boolean {
  const stack: Array<[unknown, number]> = [[body, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_DEPTH) return true;
    for (const child of Object.values(value)) stack.push([child, depth + 1]);
  }
  return false;
}

function hasBody(ctx: Context): boolean {
  return ctx.get('content-length') !== '' || ctx.get('transfer-encoding') !== '';
}
