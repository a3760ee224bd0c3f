import Router from '@koa/router';
import type { AppDeps } from '../deps.ts';

/** Liveness and readiness in one: answers 200 only when the database answers. */
export function healthRoutes({ storage }: AppDeps): Router {
  const router = new Router();
  router.get('/api/health', (ctx) => {
    const position = storage.store.lastPosition();
    ctx.body = { status: 'ok', eventPosition: position };
  });
  return router;
}
