import Router from '@koa/router';
import type { AppDeps } from '../deps.ts';

/** The admin's calendar feed (/api/calendar/{token}.ics, POST /api/calendar/token) and one booking's .ics. */
export function calendarRoutes(_deps: AppDeps): Router {
  const router = new Router();
  return router;
}
