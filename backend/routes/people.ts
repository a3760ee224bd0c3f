import Router from '@koa/router';
import { ErasePersonSchema, type ErasePersonInput } from '#domain/schemas/people.ts';
import { eraseCustomer } from '../commands/people.ts';
import type { AppDeps } from '../deps.ts';
import { allow, input, validate } from '../http/command.ts';

/** The admin's calls about a person as a whole: the erasure of their personal data (a person's page, issue 13). */
export function peopleRoutes({ storage, config, logger }: AppDeps): Router {
  const router = new Router();

  /**
   * Erases a person's personal data. Harmless to repeat (a second erasure finds nothing), so it needs no
   * idempotency record. The email address travels in the body, never in the path (paths are logged).
   */
  router.post('/api/people/erase', allow(storage, 'person.erase'), validate(ErasePersonSchema), async (ctx) => {
    const result = await eraseCustomer(storage, config.storageDir, input<ErasePersonInput>(ctx));
    logger.info({ erased: result.erased, sessionsEnded: result.sessionsEnded, filesDeleted: result.filesDeleted }, 'personal data erased by the admin');
    ctx.body = result;
  });

  return router;
}
