import Router from '@koa/router';
import { BatchSchema, type BatchInput } from '#domain/schemas/batch.ts';
import type { AppDeps } from '../deps.ts';
import type { SubAnswer, SubRequest } from '../http/batch.ts';
import { input, validate } from '../http/command.ts';
import type { Context } from 'koa';

/**
 * `POST /api/batch`: a device's outbox sends what waited while it was offline in a few requests, not one
 * each (issue 11). Every call runs as it would alone — its own validation, policy, rate limit and
 * Idempotency-Key — and the answer lists each call's status and JSON answer in order. The batch itself is
 * always 200 once it parsed; resending it is safe, as each call is keyed.
 */
export function batchRoutes(run: (outer: Context, calls: readonly SubRequest[]) => Promise<SubAnswer[]>) {
  return (_deps: AppDeps): Router => {
    const router = new Router();
    router.post('/api/batch', validate(BatchSchema), async (ctx) => {
      const { requests } = input<BatchInput>(ctx);
      ctx.body = { results: await run(ctx, requests) };
    });
    return router;
  };
}
