import Router from '@koa/router';
import { PostMessageSchema, type PostMessageInput } from '#domain/schemas/message.ts';
import { postMessage } from '../commands/messages.ts';
import type { AppDeps } from '../deps.ts';
import { commandRoute, input, validate } from '../http/command.ts';
import { bookingFor } from './bookings.ts';

/** A booking's chat, for its customer and the admin; and every message, for the admin's unanswered badges. */
export function messageRoutes(deps: AppDeps): Router {
  const router = new Router();
  const { storage } = deps;
  const { queries } = storage;

  router.get('/api/bookings/:id/messages', (ctx) => {
    ctx.body = queries.messages(bookingFor(ctx, deps, ctx.params['id']).id);
  });

  router.post(
    '/api/bookings/:id/messages',
    (ctx, next) => {
      ctx.state['booking'] = bookingFor(ctx, deps, ctx.params['id']);
      return next();
    },
    validate(PostMessageSchema),
    commandRoute(deps, {
      command: postMessage,
      input: (ctx) => ({ ...input<PostMessageInput>(ctx), booking: ctx.state['booking'] }),
      status: 201,
      answer: (result, ctx) => queries.messages(ctx.state['booking'].id).find((m) => m.id === result.id) ?? null,
    }),
  );

  deps.reads.route(router, { path: '/api/all-messages', action: 'messages.list', scope: () => null, produce: 'allMessages' });

  return router;
}
