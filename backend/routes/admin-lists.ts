import Router from '@koa/router';
import type { AppDeps } from '../deps.ts';
import { adminOnly } from '../http/session.ts';

/** The admin's read models that have no writes of their own yet. */
export function adminListRoutes({ storage }: AppDeps): Router {
  const router = new Router();
  const { queries } = storage;
  router.get('/api/quotes', adminOnly(queries), (ctx) => {
    ctx.body = queries.quotes();
  });
  router.get('/api/contacts', adminOnly(queries), (ctx) => {
    ctx.body = queries.contacts();
  });
  return router;
}
