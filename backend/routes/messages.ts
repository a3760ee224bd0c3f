import Router from '@koa/router';
import { NoReplyNeededSchema, PostMessageSchema, ReplyNeededSchema, type NoReplyNeededInput, type PostMessageInput, type ReplyNeededInput } from '#domain/schemas/message.ts';
import { markNoReplyNeeded, markReplyNeeded, postMessage } from '../commands/messages.ts';
import type { AppDeps } from '../deps.ts';
import { allow, commandRoute, input, validate } from '../http/command.ts';
import { bookingFor } from './bookings.ts';

/** A booking's chat, for its customer and the admin; every message, for the admin's unanswered badges; the admin's marks. */
export function messageRoutes(deps: AppDeps): Router {
  const router = new Router();
  const { storage, limits } = deps;
  const { queries } = storage;

  router.get('/api/bookings/:id/messages', (ctx) => {
    ctx.body = queries.messages(bookingFor(ctx, deps, ctx.params['id']).id);
  });

  router.post(
    '/api/bookings/:id/messages',
    limits.perIp('change'),
    (ctx, next) => {
      ctx.state['booking'] = bookingFor(ctx, deps, ctx.params['id']);
      return next();
    },
    validate(PostMessageSchema),
    commandRoute(deps, {
      command: postMessage,
      input: (ctx) => ({ ...input<PostMessageInput>(ctx), booking: ctx.state['booking'] }),
      status: 201,
      answer: (result) => queries.message(result.id) ?? null,
    }),
  );

  // The admin only: a customer's message needs no reply. Answers the chat's mark as it now is (the admin's devices
  // keep it in their copy: domain/views.ts ChatView).
  router.post(
    '/api/bookings/:id/no-reply-needed',
    allow(storage, 'chat.mark'),
    (ctx, next) => {
      ctx.state['booking'] = bookingFor(ctx, deps, ctx.params['id']);
      return next();
    },
    validate(NoReplyNeededSchema),
    commandRoute(deps, {
      command: markNoReplyNeeded,
      input: (ctx) => ({ ...input<NoReplyNeededInput>(ctx), booking: ctx.state['booking'] }),
      answer: (result) => queries.chat(result.bookingId) ?? null,
    }),
  );

  // The admin only: takes that mark back (tapped by mistake); the chat waits for an answer again. Answers the chat's
  // mark as it now is (`noReplyNeededFor` null once taken back), as the mark does.
  router.post(
    '/api/bookings/:id/reply-needed',
    allow(storage, 'chat.mark'),
    (ctx, next) => {
      ctx.state['booking'] = bookingFor(ctx, deps, ctx.params['id']);
      return next();
    },
    validate(ReplyNeededSchema),
    commandRoute(deps, {
      command: markReplyNeeded,
      input: (ctx) => ({ ...input<ReplyNeededInput>(ctx), booking: ctx.state['booking'] }),
      answer: (result) => queries.chat(result.bookingId) ?? null,
    }),
  );

  deps.reads.route(router, { path: '/api/all-messages', action: 'messages.list', scope: () => null, produce: 'allMessages' });

  return router;
}
