import Router from '@koa/router';
import type { AppDeps } from '../deps.ts';
import { currentUser } from '../http/session.ts';

/** How far back the admin is told of mail given up. */
export const MAIL_TROUBLE_DAYS = 7;

/**
 * Liveness and readiness in one: answers 200 only when the database answers. The log's position only to the admin:
 * anyone could count the events a password reset asked for some address added, and so learn that it has an account.
 * And to the admin, the mail: how much waits, and how much was given up in the last week (the SMTP server refused or
 * could not be reached for a day): without it only the log knew that customers were not being told.
 */
export function healthRoutes({ storage, clock }: AppDeps): Router {
  const router = new Router();
  router.get('/api/health', (ctx) => {
    const position = storage.store.lastPosition();
    if (!currentUser(ctx, storage.queries)?.isAdmin) {
      ctx.body = { status: 'ok' };
      return;
    }
    const since = new Date(clock().getTime() - MAIL_TROUBLE_DAYS * 24 * 60 * 60 * 1000);
    const givenUp = storage.mail.givenUpSince(since);
    ctx.body = { status: 'ok', eventPosition: position, mail: { waiting: storage.mail.pending(), givenUp: givenUp.count, lastGivenUpAt: givenUp.lastAt } };
  });
  return router;
}
