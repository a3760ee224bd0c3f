import Router from '@koa/router';
import type { AppDeps } from '../deps.ts';

/** Developer tools (GET /api/debug-auth and the dev pages' calls): development mode only. */
export function devRoutes(_deps: AppDeps): Router {
  const router = new Router();
  return router;
}
