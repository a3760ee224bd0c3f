import type { Context, Next } from 'koa';
import { ConflictError, DomainError, NotFoundError } from '#domain/errors.ts';
import { FAULT_ANSWERS, faultOf, type Fault } from '../faults.ts';
import type { Logger } from '../logger.ts';

/** An error with an HTTP status, a stable code, a message for people and, for bad input, the fields. */
export class HttpError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  readonly extra: Record<string, unknown> | undefined;
  /** Response headers that belong to the error (Retry-After on a 429). */
  readonly headers: Record<string, string> = {};
  constructor(status: number, code: string, message: string, fields?: Record<string, string>, extra?: Record<string, unknown>) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.extra = extra;
  }
}

/** 429 with Retry-After in whole seconds. */
export function tooManyRequests(retryAfterMs: number): HttpError {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  const err = new HttpError(
    429,
    'too_many_requests',
    `Too many attempts. Please try again in ${seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`}.`,
  );
  err.headers['Retry-After'] = String(seconds);
  return err;
}

/** 503 with Retry-After: the machine, not the request, is at fault (disk full or read-only, a lock held elsewhere). */
export function unavailable(fault: Fault): HttpError {
  const answer = FAULT_ANSWERS[fault];
  const err = new HttpError(503, fault, answer.message);
  err.headers['Retry-After'] = String(answer.retryAfterSeconds);
  return err;
}

export class ValidationError extends HttpError {
  constructor(fields: Record<string, string>, message = 'Please check the highlighted fields') {
    super(400, 'validation_failed', message, fields);
  }
}

export const notSignedIn = (): HttpError => new HttpError(401, 'not_signed_in', 'Please sign in');
export const notAllowed = (message = 'You are not allowed to do that'): HttpError => new HttpError(403, 'forbidden', message);
export const notFound = (message = 'Not found'): HttpError => new HttpError(404, 'not_found', message);

/** A fault's error without its stack (the same fault repeats on every request while it lasts). */
function faultSummary(err: unknown): { code?: unknown; message?: unknown } {
  const e = (err ?? {}) as { code?: unknown; message?: unknown };
  return { code: e.code, message: e.message };
}

/** Domain error codes that are not a plain 400/404/409. */
const DOMAIN_STATUS: Record<string, number> = { idempotency_key_reused: 422 };

/** What a thrown error becomes on the wire. Faults are 503; unknown errors are 500 with no detail leaked. */
export function toHttpError(err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  const fault = faultOf(err);
  if (fault) return unavailable(fault);
  if (err instanceof NotFoundError) return new HttpError(404, err.code, err.message);
  if (err instanceof ConflictError) return new HttpError(409, err.code, err.message, undefined, err.details);
  if (err instanceof DomainError) {
    const fields = err.details?.['fields'] as Record<string, string> | undefined;
    return new HttpError(DOMAIN_STATUS[err.code] ?? 400, err.code, err.message, fields);
  }
  const e = err as { status?: number; expose?: boolean; type?: string; message?: string };
  // Errors raised by Koa and its body parser (http-errors): keep their status, give them our codes.
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
    if (e.status === 413) return new HttpError(413, 'body_too_large', 'The request body is too large');
    if (e.status === 415) return new HttpError(415, 'unsupported_media_type', e.message ?? 'Unsupported media type');
    if (e.type === 'entity.parse.failed' || /JSON|Unexpected token|invalid/i.test(e.message ?? '')) {
      return new HttpError(400, 'invalid_json', 'The request body is not valid JSON');
    }
    return new HttpError(e.status, 'bad_request', e.expose && e.message ? e.message : 'Bad request');
  }
  return new HttpError(500, 'internal_error', 'Something went wrong on our side. Please try again.');
}

/**
 * The outermost middleware: every error becomes `{ error: { code, message, fields? } }` and every request
 * is logged once with its id, method, route pattern (never the raw path, which may hold an email), status and time.
 */
export function errorsAndLogging(logger: Logger) {
  return async (ctx: Context, next: Next): Promise<void> => {
    const started = performance.now();
    const requestId = requestIdFor(ctx.get('x-request-id'));
    ctx.state['requestId'] = requestId;
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
      if (ctx.status === 405 && ctx.body === undefined) {
        throw new HttpError(405, 'method_not_allowed', `This call does not take ${ctx.method}; it takes ${ctx.response.get('Allow')}`);
      }
      if (ctx.status === 404 && ctx.body === undefined) {
        throw notFound(ctx.path.startsWith('/api/') ? `No API call ${ctx.method} ${ctx.path.slice(0, 100)}` : 'Not found');
      }
      if (ctx.status === 501 && ctx.body === undefined) {
        // @koa/router's answer to a method it does not know at all (PROPFIND, PURGE, …).
        throw new HttpError(501, 'method_not_implemented', `This server does not implement ${ctx.method.slice(0, 20)}`);
      }
    } catch (err) {
      const http = toHttpError(err);
      if (http.status === 503) logger.warn({ requestId, fault: http.code, err: faultSummary(err) }, 'request refused: fault');
      else if (http.status >= 500) logger.error({ requestId, err }, 'request failed');
      ctx.status = http.status;
      ctx.body = { error: { code: http.code, message: http.message, ...(http.fields ? { fields: http.fields } : {}), ...http.extra } };
      if (http.status === 401) ctx.set('WWW-Authenticate', 'Session');
      for (const [name, value] of Object.entries(http.headers)) ctx.set(name, value);
    } finally {
      const route = (ctx as Context & { _matchedRoute?: string })._matchedRoute;
      logRequest(logger, requestId, ctx.method, typeof route === 'string' ? route : ctx.path.startsWith('/api/') ? '/api/*' : ctx.path, ctx.status, started);
    }
  };
}

/** A well-formed incoming X-Request-Id (a proxy's or a client's), or a new one. */
export function requestIdFor(incoming: string | undefined): string {
  return incoming !== undefined && /^[A-Za-z0-9-]{8,64}$/.test(incoming) ? incoming : crypto.randomUUID();
}

/** The one log line of a request: its id, method, route pattern or path (never a raw API path), status and time. */
export function logRequest(logger: Logger, requestId: string, method: string, path: string, status: number, started: number): void {
  if (!logger.isLevelEnabled('info')) return;
  logger.info({ requestId, method, path: path.slice(0, 200), status, ms: Math.round((performance.now() - started) * 10) / 10 }, 'request');
}
