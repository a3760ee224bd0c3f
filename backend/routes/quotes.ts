import Router from '@koa/router';
import type { Context } from 'koa';
import { londonDay, quoteConversionSchema, quoteUpdateSchema } from '#domain/schemas/date-window.ts';
import { provenEmail, type Queries } from '#data/queries.ts';
import { answerQuote, convertQuote, deleteQuote, reviseQuote } from '../commands/quotes.ts';
import type { AppDeps } from '../deps.ts';
import { commandContext } from '../http/command-context.ts';
import { notAllowed, notFound } from '../http/errors.ts';
import { adminOnly, requireAdmin, requireUser } from '../http/session.ts';
import { parseBody } from '../http/validate.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function quoteId(ctx: Context & { params: Record<string, string> }, queries: Queries): string {
  const id = ctx.params['id'] ?? '';
  if (!UUID.test(id) || !queries.quote(id)) throw notFound('Quote not found');
  return id;
}

/** Quote requests: the admin's working list, and the customer's own quotes with approve/decline. */
export function quoteRoutes({ storage, clock, config, mailer }: AppDeps): Router {
  const router = new Router();
  const { queries, bus } = storage;
  const run = <R>(ctx: Context, work: Parameters<typeof bus.execute<R>>[1]) => bus.execute(commandContext(ctx, bus, queries, clock()), work);

  router.get('/api/quotes', adminOnly(queries), (ctx) => {
    ctx.body = queries.quotes();
  });

  router.get('/api/quotes/mine', (ctx) => {
    const user = requireUser(ctx, queries);
    ctx.body = queries.quotesForCustomer(provenEmail(user), user.id);
  });

  router.put('/api/quotes/:id', async (ctx) => {
    requireAdmin(ctx, queries);
    const id = quoteId(ctx, queries);
    const input = parseBody(ctx, quoteUpdateSchema(londonDay(clock())));
    await run(ctx, (uow) => reviseQuote(uow, id, input, `${config.publicUrl}/customer-portal`));
    void mailer.wake();
    ctx.body = queries.quote(id);
  });

  router.post('/api/quotes/:id/convert', async (ctx) => {
    requireAdmin(ctx, queries);
    const id = quoteId(ctx, queries);
    const input = parseBody(ctx, quoteConversionSchema(londonDay(clock())));
    const { result, replayed } = await run(ctx, (uow) => convertQuote(uow, id, input));
    if (replayed) ctx.set('Idempotent-Replayed', 'true');
    ctx.status = 201;
    ctx.body = queries.booking(result.id);
  });

  router.delete('/api/quotes/:id', async (ctx) => {
    requireAdmin(ctx, queries);
    const id = quoteId(ctx, queries);
    await run(ctx, (uow) => deleteQuote(uow, id));
    ctx.body = { id, deleted: true };
  });

  for (const [path, answer] of [
    ['approve', 'approved'],
    ['decline', 'rejected'],
  ] as const) {
    router.post(`/api/quotes/:id/${path}`, async (ctx) => {
      const user = requireUser(ctx, queries);
      const id = quoteId(ctx, queries);
      const quote = queries.quote(id)!;
      const email = provenEmail(user);
      if ((email === null || quote.email !== email) && quote.userId !== user.id) throw notAllowed('This quote belongs to someone else');
      await run(ctx, (uow) => answerQuote(uow, id, answer));
      ctx.body = queries.quote(id);
    });
  }

  return router;
}
