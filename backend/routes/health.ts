import Router from '@koa/router';
import type { AppDeps } from '../deps.ts';
import { currentUser } from '../http/session.ts';

/**
 * Liveness and readiness in one: answers 200 only when the database answers. The log's position only to the admin:
 * anyone could count the events a password reset asked for some address added, and so learn that it has an account.
 */
export function healthRoutes({ storage }: AppDeps): Router {
  const router = new Router();
  router.get('/api/health', (ctx) => {
    const position = storage.store.lastPosition();
    ctx.body = currentUser(ctx, storage.queries)?.isAdmin ? { status: 'ok', eventPosition: position } : { status: 'ok' };
  });
  return router;
}
