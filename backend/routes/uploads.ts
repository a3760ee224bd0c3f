import Router from '@koa/router';
import type { AppDeps } from '../deps.ts';

/** File uploads (POST /api/upload) and serving them (GET /uploads/{filename}) to their owner and the admin. */
export function uploadRoutes(_deps: AppDeps): Router {
  const router = new Router();
  return router;
}
