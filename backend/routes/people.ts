import Router from '@koa/router';
import { ErasePersonSchema } from '#domain/schemas/people.ts';
import { erasePerson } from '../commands/people.ts';
import type { AppDeps } from '../deps.ts';
import { requireAdmin } from '../http/session.ts';
import { parseBody } from '../http/validate.ts';

/** The admin's calls about a person as a whole: the erasure of their personal data (a person's page, issue 13). */
export function peopleRoutes({ storage, config, logger }: AppDeps): Router {
  const router = new Router();

  /**
   * Erases a person's personal data. Harmless to repeat (a second erasure finds nothing), so an
   * Idempotency-Key is not needed. The e-mail address travels in the body, never in the path (paths are logged).
   */
  router.post('/api/people/erase', async (ctx) => {
    requireAdmin(ctx, storage.queries);
    const input = parseBody(ctx, ErasePersonSchema);
    const result = await erasePerson(storage, config.storageDir, input);
    logger.info({ erased: result.erased, sessionsEnded: result.sessionsEnded, filesDeleted: result.filesDeleted }, 'personal data erased by the admin');
    ctx.body = result;
  });

  return router;
}
