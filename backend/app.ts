import Router from '@koa/router';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Keygrip from 'keygrip';
import Koa, { type Context } from 'koa';
import type { AppDeps } from './deps.ts';
import { batchRunner } from './http/batch.ts';
import { jsonBody } from './http/body.ts';
import { errorsAndLogging } from './http/errors.ts';
import { sameOrigin, securityHeaders } from './http/security.ts';
import { RateLimits } from './http/rate-limit.ts';
import { currentUser, sessionCookieName, sessions } from './http/session.ts';
import { ReadCache } from './http/read-cache.ts';
import { withLanes } from './http/lanes.ts';
import { servePwa } from './http/static.ts';
import { apiTransport } from './http/transport.ts';
import { accountRoutes } from './routes/account.ts';
import { authRoutes } from './routes/auth.ts';
import { batchRoutes } from './routes/batch.ts';
import { bookingRoutes } from './routes/bookings.ts';
import { calendarRoutes } from './routes/calendar.ts';
import { enquiryRoutes } from './routes/enquiries.ts';
import { devRoutes } from './routes/dev.ts';
import { passwordResetRoutes } from './routes/password-reset.ts';
import { quoteRoutes } from './routes/quotes.ts';
import { uploadRoutes } from './routes/uploads.ts';
import { healthRoutes } from './routes/health.ts';
import { messageRoutes } from './routes/messages.ts';
import { peopleRoutes } from './routes/people.ts';
import { syncRoutes } from './routes/sync.ts';

/** Builds the Koa app from its dependencies. No side effects: main.ts starts it, tests start it too. */
export function createApp(input: Omit<AppDeps, 'limits' | 'reads'>): Koa {
  const isAdmin = (ctx: Context): boolean => currentUser(ctx, input.storage.queries)?.isAdmin === true;
  const secure = input.config.secureCookies;
  // Behind one proxy: the client's address is the last one of X-Forwarded-For, which that proxy appended. Koa's default
  // takes the first, which the client writes itself: each request could then name another address, and no per-IP
  // limit would ever be reached.
  const app = new Koa({ proxy: input.config.trustProxy, maxIpsCount: 1 });
  // One Keygrip for the app's life: given the bare list, the cookies module wraps it in a new one per request.
  app.keys = new Keygrip(input.keys);
  app.silent = true;
  // The sign-in check of the cached lists checks a session cookie's signature as the session middleware does.
  const verifyCookie = (req: IncomingMessage, res: ServerResponse): string | undefined =>
    app.createContext(req, res).cookies.get(sessionCookieName(secure), { signed: true });
  const deps: AppDeps = {
    ...input,
    limits: new RateLimits(input.config.rateLimitScale, isAdmin),
    reads: new ReadCache(input.storage, { secure, verifyCookie, lists: input.lists, maxBytes: input.config.readCacheBytes }),
  };
  // Mail queued by a command goes once the command committed; after the answer, so a request that queued mail
  // (a reset for an existing account) takes no longer than one that did not.
  deps.storage.bus.onMailQueued(() => setImmediate(() => void deps.mailer.wake()));
  // Commands that run in the writer thread: its commits are news to this thread's caches before their answers go.
  deps.writer?.onCommitted((mailed) => {
    deps.reads.committedElsewhere();
    if (mailed) setImmediate(() => void deps.mailer.wake());
  });
  // The server's rebuilds (an erasure, the retention sweep) commit on a connection of their own too.
  deps.storage.onRebuildCommitted(() => deps.reads.committedElsewhere());
  const site = servePwa(deps.config.distDir, { devTools: deps.config.devTools, secure });
  app.use(errorsAndLogging(deps.logger));
  app.use(securityHeaders({ secure }));
  app.use(apiTransport());
  app.use(sameOrigin(deps.config.publicUrl, deps.logger));
  app.use(sessions(app, deps.storage.sessions, { secure, maxAgeMs: deps.config.sessionMaxAgeMs, busyWaitMs: deps.config.busyWaitMs }));
  app.use(jsonBody(deps.config.jsonLimit));
  const api = new Router();
  const modules = [
    healthRoutes,
    authRoutes,
    bookingRoutes,
    messageRoutes,
    quoteRoutes,
    enquiryRoutes,
    uploadRoutes,
    passwordResetRoutes,
    calendarRoutes,
    peopleRoutes,
    syncRoutes,
    accountRoutes,
    batchRoutes(batchRunner(app)),
  ];
  if (deps.config.devTools) modules.push(devRoutes);
  for (const routes of modules) api.use(routes(deps).routes());
  app.use(api.routes());
  // A known path with another method: 405 with Allow; OPTIONS: 200 with Allow. Unknown /api paths fall
  // through to the 404 of errorsAndLogging (servePwa never answers under /api/).
  app.use(api.allowedMethods());
  app.use(site.fallback);
  // Pages and files of the build, and cached lists for a signed-in viewer, are answered from memory before the
  // app (no Koa context, no session middleware, no body parsing, no compression or ETag per request).
  return withLanes(app, deps.logger, [site.lane, deps.reads.lane]);
}
