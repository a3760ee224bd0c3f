import Router from '@koa/router';
import { ErasePersonSchema, type ErasePersonInput } from '#domain/schemas/people.ts';
import { withdrawBeforeErasure } from '../commands/account-deletion.ts';
import { eraseCustomer } from '../commands/people.ts';
import type { AppDeps } from '../deps.ts';
import { allow, input, runCommand, validate } from '../http/command.ts';

/** The admin's calls about a person as a whole: the erasure of their personal data (a person's page, issue 13). */
export function peopleRoutes(deps: AppDeps): Router {
  const { storage, config, logger } = deps;
  const router = new Router();

  /**
   * Erases a person's personal data. Harmless to repeat (a second erasure finds nothing), so it needs no
   * idempotency record. The email address travels in the body, never in the path (paths are logged). Their requests
   * still waiting for an answer are withdrawn first (answers `withdrawn`: how many), since once erased nobody could
   * answer them.
   */
  router.post('/api/people/erase', allow(storage, 'person.erase'), validate(ErasePersonSchema), async (ctx) => {
    const who = input<ErasePersonInput>(ctx);
    const withdrawal = await runCommand(ctx, deps, withdrawBeforeErasure, who, { keyed: false });
    const result = await eraseCustomer(storage, config.storageDir, who);
    const withdrawn = withdrawal.bookingRequests + withdrawal.quoteRequests;
    logger.info({ erased: result.erased, sessionsEnded: result.sessionsEnded, filesDeleted: result.filesDeleted, withdrawn }, 'personal data erased by the admin');
    ctx.body = { ...result, withdrawn };
  });

  return router;
}
