import type { IncomingMessage, ServerResponse } from 'node:http';
import type Koa from 'koa';
import type { Logger } from '../logger.ts';
import { logRequest, requestIdFor } from './errors.ts';

/**
 * Answers a request at once from memory — status, every header line and the bytes in one write, X-Request-Id
 * included — and says what to log it as (the path or route pattern), or answers nothing (undefined) and
 * leaves it to the app. A lane that throws has written nothing: the app answers the request (and its error).
 */
export type Lane = (req: IncomingMessage, res: ServerResponse, requestId: string) => string | undefined;

/** Header lines worked out once begin with X-Request-Id and a blank: the request's copy has its id filled in. */
export function withRequestId(lines: readonly string[], requestId: string): string[] {
  const copy = lines.slice();
  copy[1] = requestId;
  return copy;
}

/**
 * Puts `lanes` in front of the Koa app: what they answer (pages and files of the build, cached lists for a
 * signed-in viewer) costs no Koa context, no middleware chain, no session, no body parsing; everything else
 * goes to the app as before. Every request is still logged once with its id.
 */
export function withLanes(app: Koa, logger: Logger, lanes: readonly Lane[]): Koa {
  const callback = app.callback.bind(app);
  // The server ignores what a request listener returns.
  app.callback = (() => {
    const chain = callback();
    const handle = (req: IncomingMessage, res: ServerResponse): void => {
      if ((req.method === 'GET' || req.method === 'HEAD') && hasNoBody(req)) {
        const started = performance.now();
        const incoming = req.headers['x-request-id'];
        const requestId = requestIdFor(typeof incoming === 'string' ? incoming : undefined);
        for (const lane of lanes) {
          let answered: string | undefined;
          try {
            answered = lane(req, res, requestId);
          } catch {
            // Half-written (never seen so far): the connection is cut rather than a second answer sent.
            if (res.headersSent) {
              res.destroy();
              return;
            }
            break;
          }
          if (answered !== undefined) {
            logRequest(logger, requestId, req.method, answered, res.statusCode, started);
            return;
          }
        }
      }
      void chain(req, res);
    };
    // Answered once the parser has read what arrived with the request, as the app's own answers are: bytes after
    // a request (a body sent without a length) are then refused while it is still in flight, and the connection
    // closes after its answer (backend/http-server.ts) instead of carrying a stray error answer to the next one.
    return (req: IncomingMessage, res: ServerResponse) => queueMicrotask(() => handle(req, res));
  }) as Koa['callback'];
  return app;
}

/** A request that says it has a body goes to the app, which reads (or refuses) it. */
function hasNoBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return (length === undefined || length === '0') && req.headers['transfer-encoding'] === undefined;
}
