import Router from '@koa/router';
import type { AppDeps } from '../deps.ts';

/** Password reset, both flows: customer (/api/auth/forgot-password, /api/auth/reset-password) and admin (/api/password-reset/*). */
export function passwordResetRoutes(_deps: AppDeps): Router {
  const router = new Router();
  return router;
}
