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

/**
 * Puts `lanes` in front of the Koa app: what they answer (pages and files of the build, cached lists for a
 * signed-in viewer) costs no Koa context, no middleware chain, no session, no body parsing; everything else
 * goes to the app as before. Every request is still logged once with its id.
 */
export function withLanes(app: Koa, logger: Logger, lanes: readonly Lane[]): Koa {
  const callback = app.callback.bind(app);
  // The server ignores what a request listener returns; Koa's own promise is passed on as it is.
  app.callback = (() => {
    const chain = callback();
    return (req: IncomingMessage, res: ServerResponse) => {
      if (req.method === 'GET' || req.method === 'HEAD') {
        const started = performance.now();
        const incoming = req.headers['x-request-id'];
        const requestId = requestIdFor(typeof incoming === 'string' ? incoming : undefined);
        for (const lane of lanes) {
          let answered: string | undefined;
          try {
            answered = lane(req, res, requestId);
          } catch (err) {
            if (res.headersSent) throw err;
            break;
          }
          if (answered !== undefined) {
            logRequest(logger, requestId, req.method, answered, res.statusCode, started);
            return;
          }
        }
      }
      return chain(req, res);
    };
  }) as Koa['callback'];
  return app;
}
