import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import { chatDecider } from '#domain/deciders/chat.ts';
import { streamId } from '#domain/deciders/decider.ts';
import { personSubject } from '#domain/events.ts';
import { PostMessageSchema } from '#domain/schemas/message.ts';
import { MailOutbox } from '#data/mail-outbox.ts';
import { ownFiles } from '../commands/bookings.ts';
import type { AppDeps } from '../deps.ts';
import { commandContext } from '../http/command-context.ts';
import { adminOnly } from '../http/session.ts';
import { parseBody } from '../http/validate.ts';
import { adminReply, newMessage } from '../mail/templates.ts';
import { bookingFor } from './bookings.ts';

/** A booking's chat between its customer and the business. */
export function messageRoutes({ storage, clock, config, mailer }: AppDeps): Router {
  const router = new Router();
  const { queries, bus } = storage;

  router.get('/api/bookings/:id/messages', (ctx) => {
    const { booking } = bookingFor(ctx, queries, ctx.params['id']);
    ctx.body = queries.messages(booking.id);
  });

  router.post('/api/bookings/:id/messages', async (ctx) => {
    const { user, booking } = bookingFor(ctx, queries, ctx.params['id']);
    const input = parseBody(ctx, PostMessageSchema);
    // Who wrote it is the server's call, never the body's.
    const isFromAdmin = user.isAdmin;
    const ownName = `${user.firstName} ${user.lastName}`.trim();
    const senderName = isFromAdmin ? (input.senderName ?? ownName) : (input.senderName ?? (ownName || 'Customer'));
    const { result, replayed } = await bus.execute(commandContext(ctx, bus, queries, clock()), (uow) => {
      const attachments = input.attachments.length > 0 ? ownFiles(uow, input.attachments, user) : [];
      const messageId = input.id ?? randomUUID();
      uow.handle(
        streamId.chat(booking.id),
        chatDecider,
        {
          type: 'PostMessage',
          data: { messageId, bookingId: booking.id, senderId: user.id, senderName, content: input.content, attachments, isFromAdmin },
        },
        { subject: personSubject(booking.email, streamId.booking(booking.id)) },
      );
      const outbox = new MailOutbox(uow.db);
      const now = new Date(uow.metadata.time);
      if (isFromAdmin) {
        if (booking.email) {
          outbox.enqueue(
            adminReply(booking.email, { firstName: booking.firstName, content: input.content, serviceType: booking.serviceType, portalUrl: `${config.publicUrl}/customer-portal` }),
            now,
          );
        }
      } else {
        outbox.enqueue(newMessage(config.mail.businessEmail, { senderName, content: input.content, serviceType: booking.serviceType, bookingId: booking.id }), now);
      }
      return { id: messageId };
    });
    void mailer.wake();
    if (replayed) ctx.set('Idempotent-Replayed', 'true');
    ctx.status = 201;
    ctx.body = queries.messages(booking.id).find((m) => m.id === result.id) ?? null;
  });

  router.get('/api/all-messages', adminOnly(queries), (ctx) => {
    ctx.body = queries.allMessages();
  });

  return router;
}
