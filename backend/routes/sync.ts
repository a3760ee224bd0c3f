import Router from '@koa/router';
import { SyncQuery } from '#domain/views.ts';
import { provenEmail } from '#domain/policy.ts';
import { syncPage } from '#data/sync.ts';
import type { AppDeps } from '../deps.ts';
import { allow } from '../http/command.ts';
import { requireUser } from '../http/session.ts';
import { ValidationError } from '../http/errors.ts';

/** The devices' sync feed (GET /api/sync): what the signed-in user may see that changed after a position. */
export function syncRoutes({ storage }: AppDeps): Router {
  const router = new Router();
  const { queries, db, vault } = storage;

  router.get('/api/sync', allow(storage, 'sync'), (ctx) => {
    const user = requireUser(ctx, queries);
    const query = SyncQuery.safeParse(ctx.query);
    if (!query.success) {
      const fields = Object.fromEntries(query.error.issues.map((issue) => [String(issue.path[0] ?? '_'), issue.message]));
      throw new ValidationError(fields);
    }
    const reader = user.isAdmin ? ({ admin: true } as const) : { admin: false as const, userId: user.id, email: provenEmail(user) };
    ctx.body = syncPage(db, vault, reader, query.data.after, query.data.limit);
  });

  return router;
}
