import Router from '@koa/router';
import type { Context, Next } from 'koa';
import { provenEmail } from '#domain/policy.ts';
import { londonDay, quoteConversionSchema, quoteUpdateSchema } from '#domain/schemas/date-window.ts';
import { AnswerQuoteSchema, type AnswerQuoteInput } from '#domain/schemas/quote.ts';
import type { z } from 'zod';
import { customerQuote, type Quote } from '#data/queries.ts';
import { answerQuote, convertQuote, deleteQuote, reviseQuote } from '../commands/quotes.ts';
import type { Command } from '../commands/unit.ts';
import type { AppDeps } from '../deps.ts';
import { allow, authorize, commandRoute, input, isRepeat, validate } from '../http/command.ts';
import { notFound } from '../http/errors.ts';
import { requireUser } from '../http/session.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Quote requests: the admin's working list, and the customer's own quotes with approve/decline. */
export function quoteRoutes(deps: AppDeps): Router {
  const router = new Router();
  const { storage, clock } = deps;
  const { queries } = storage;

  /**
   * The route step that finds the path's quote (404 otherwise) as `ctx.state.quote`; a repeat of a committed
   * request goes on to be answered from its record (its quote may since have been deleted by it).
   */
  const quote = async (ctx: Context, next: Next) => {
    const id = ctx.params['id'] ?? '';
    const found = UUID.test(id) ? queries.quote(id) : undefined;
    if (!found && !(UUID.test(id) && isRepeat(ctx, storage))) throw notFound('Quote not found');
    ctx.state['quote'] = found ?? { id };
    await next();
  };
  const quoteOf = (ctx: Context): Quote => ctx.state['quote'] as Quote;
  // The customer's answer is answered with their quote as their list has it: not the business's notes and follow-up day.
  const answered = (id: string) => {
    const found = queries.quote(id);
    return found ? customerQuote(found) : null;
  };

  deps.reads.route(router, { path: '/api/quotes', action: 'quotes.list', scope: () => null, produce: 'quotes' });
  // Each customer's own answer, kept under their account and the address they have proved.
  deps.reads.route(router, {
    path: '/api/quotes/mine',
    action: 'quotes.mine',
    scope: (user) => `${user.id}\n${provenEmail(user) ?? ''}`,
    produce: 'quotesMine',
  });

  /** The admin's changes to the path's quote: found, the body validated, the command run. */
  const change = <I extends object, R>(spec: {
    schema: () => z.ZodType<I>;
    command: Command<I & { id: string }, R>;
    status?: 200 | 201;
    answer: (result: R) => unknown;
  }) =>
    [
      allow(storage, 'quote.manage'),
      quote,
      validate(spec.schema),
      commandRoute(deps, {
        command: spec.command,
        input: (ctx) => ({ ...input<I>(ctx), id: quoteOf(ctx).id }),
        status: spec.status ?? 200,
        answer: spec.answer,
      }),
    ] as const;

  router.put(
    '/api/quotes/:id',
    ...change({ schema: () => quoteUpdateSchema(londonDay(clock())), command: reviseQuote, answer: (result) => queries.quote(result.id) }),
  );

  router.post(
    '/api/quotes/:id/convert',
    ...change({ schema: () => quoteConversionSchema(londonDay(clock())), command: convertQuote, status: 201, answer: (result) => queries.booking(result.id) }),
  );

  router.delete(
    '/api/quotes/:id',
    allow(storage, 'quote.manage'),
    quote,
    commandRoute(deps, { command: deleteQuote, input: (ctx) => ({ id: quoteOf(ctx).id }), answer: (result) => ({ id: result.id, deleted: true }) }),
  );

  for (const [path, answer] of [
    ['approve', 'approved'],
    ['decline', 'rejected'],
  ] as const) {
    router.post(
      `/api/quotes/:id/${path}`,
      (ctx, next) => {
        requireUser(ctx, queries);
        return next();
      },
      quote,
      (ctx, next) => {
        authorize(ctx, storage, 'quote.answer', quoteOf(ctx));
        return next();
      },
      validate(AnswerQuoteSchema),
      commandRoute(deps, { command: answerQuote, input: (ctx) => ({ id: quoteOf(ctx).id, answer, seen: input<AnswerQuoteInput>(ctx) }), answer: (result) => answered(result.id) }),
    );
  }

  return router;
}
