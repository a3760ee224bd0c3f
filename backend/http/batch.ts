import { IncomingMessage, ServerResponse } from 'node:http';
import type Koa from 'koa';
import type { Context } from 'koa';
import compose from 'koa-compose';

/** One call of a batch, as a device's outbox holds it: its Idempotency-Key, method, path and JSON body. */
/** `madeAt`: when the device made it (each call's own X-Made-At; the batch's is not inherited). */
export type SubRequest = { id: string; method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'; path: string; body: unknown; madeAt?: string | undefined };

/** What one call of a batch came to: the status, the JSON answer and the headers a device acts on. */
export type SubAnswer = { id: string; status: number; body: unknown; retryAfter?: string; replayed?: true };

/** The outer request's headers a call of the batch does not inherit: they describe the batch's own body and answer. */
const NOT_INHERITED = ['content-length', 'transfer-encoding', 'content-encoding', 'accept-encoding', 'if-none-match', 'if-match', 'x-request-id', 'x-made-at'];

/**
 * Runs the calls of a batch through the whole app, each as if it came alone on the batch's connection: the same
 * cookie, origin and client address (so sessions, same-origin checks, rate limits and the policy apply per call),
 * its own Idempotency-Key, its own log line and error answer. Each starts as soon as the one before it has
 * queued its command, without waiting for it to commit: the bus queues them in the batch's order and commits
 * them together (one group commit, not one fsync per call).
 */
export function batchRunner(app: Koa): (outer: Context, calls: readonly SubRequest[]) => Promise<SubAnswer[]> {
  let handle: ((ctx: Context) => Promise<unknown>) | undefined;
  return async (outer, calls) => {
    handle ??= compose(app.middleware) as (ctx: Context) => Promise<unknown>;
    const answers: Array<Promise<SubAnswer>> = [];
    for (const call of calls) {
      const ctx = subContext(app, outer, call);
      // The next call starts once this one's command is in the bus's queue (or it was answered without one):
      // the calls reach the bus in the batch's order, whatever each awaits on its way there.
      const queued = new Promise<void>((resolve) => (ctx.state[QUEUED] = resolve));
      // The chain's outermost step answers every error itself; should anything still escape, this call gets a 500
      // and the others theirs (a rejected promise left behind would end the process).
      const answer = handle(ctx).then(
        () => answerOf(call, ctx),
        (): SubAnswer => ({ id: call.id, status: 500, body: { error: { code: 'internal_error', message: 'Something went wrong on our side. Please try again.' } } }),
      );
      answers.push(answer);
      await Promise.race([queued, answer]);
    }
    return Promise.all(answers);
  };
}

/** Tells a batch that this call's command is now queued on the bus (http/command.ts calls it; a no-op outside a batch). */
export function commandQueued(ctx: Context): void {
  (ctx.state[QUEUED] as (() => void) | undefined)?.();
}

const QUEUED = 'batchCommandQueued';

function answerOf(call: SubRequest, ctx: Context): SubAnswer {
  const retryAfter = ctx.response.get('Retry-After');
  return {
    id: call.id,
    status: ctx.status,
    body: jsonOf(ctx.body),
    ...(retryAfter ? { retryAfter } : {}),
    ...(ctx.response.get('Idempotent-Replayed') === 'true' ? { replayed: true as const } : {}),
  };
}

/** Whether this request is one call of a batch (the body parser leaves its body alone: it was parsed with the batch). */
export function isSubRequest(ctx: Context): boolean {
  return ctx.state['batched'] === true;
}

function subContext(app: Koa, outer: Context, call: SubRequest): Context {
  const req = new IncomingMessage(outer.req.socket);
  req.method = call.method;
  req.url = call.path;
  const headers = { ...outer.req.headers };
  for (const name of NOT_INHERITED) delete headers[name];
  headers['content-type'] = 'application/json';
  headers['idempotency-key'] = call.id;
  if (call.madeAt) headers['x-made-at'] = call.madeAt;
  req.headers = headers;
  const ctx = app.createContext(req, new ServerResponse(req));
  ctx.state['batched'] = true;
  ctx.request.body = call.body as typeof ctx.request.body;
  return ctx;
}

/** The answer as JSON: routes answer objects; a string or buffer that holds JSON is parsed; anything else is null. */
function jsonOf(body: unknown): unknown {
  if (body === undefined || body === null) return null;
  if (typeof body === 'string' || Buffer.isBuffer(body)) {
    try {
      return JSON.parse(body.toString()) as unknown;
    } catch {
      return null;
    }
  }
  return typeof body === 'object' && typeof (body as { pipe?: unknown }).pipe === 'function' ? null : body;
}
