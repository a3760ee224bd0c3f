import { ConflictError } from '#domain/errors.ts';
import { chatDecider } from '#domain/deciders/chat.ts';
import { streamId } from '#domain/deciders/decider.ts';
import { personSubject } from '#domain/events.ts';
import type { NoReplyNeededInput, PostMessageInput, ReplyNeededInput } from '#domain/schemas/message.ts';
import type { Booking } from '#data/queries.ts';
import { adminReply, newMessage } from '../mail/templates.ts';
import { adminUrl, customerAddress, ownFiles, portalFor } from './bookings.ts';
import type { Command } from './unit.ts';

/**
 * `POST /api/bookings/{id}/messages`: a message in the booking's chat. Who wrote it is the server's call,
 * never the body's: the admin writes as the business team; a customer under their name (or the one they
 * typed, or 'Customer'). The other side gets a mail.
 */
export const postMessage: Command<PostMessageInput & { booking: Booking }, { id: string }> = (uow, { booking: read, ...input }, actor) => {
  if (!actor) throw new Error('postMessage needs a signed-in actor');
  // As it stands in this transaction: read before it (on the HTTP thread), its address may have moved since, and the
  // message was sealed under the old person's key and its mail sent to the old address.
  const booking = uow.queries.booking(read.id) ?? read;
  const isFromAdmin = actor.isAdmin;
  const ownName = `${actor.firstName} ${actor.lastName}`.trim();
  const senderName = input.senderName ?? (isFromAdmin ? ownName : ownName || 'Customer');
  const attachments = input.attachments.length > 0 ? ownFiles(uow, input.attachments, actor) : [];
  // A client-made id is new in every chat, not only in this one (all the decider knows).
  if (input.id !== undefined && uow.queries.messageExists(input.id)) throw new ConflictError('id_taken', 'A record with this id already exists');
  const messageId = input.id ?? uow.newId();
  uow.handle(
    streamId.chat(booking.id),
    chatDecider,
    { type: 'PostMessage', data: { messageId, bookingId: booking.id, senderId: actor.id, senderName, content: input.content, attachments, isFromAdmin } },
    { subject: personSubject(booking.email, streamId.booking(booking.id)) },
  );
  if (isFromAdmin) {
    const to = customerAddress(uow, booking);
    if (to) {
      // A reply when the customer wrote in this chat before; the business's first word otherwise.
      const reply = uow.queries.messages(booking.id).some((message) => !message.isFromAdmin);
      uow.mail.queue(adminReply(to, { firstName: booking.firstName, content: input.content, serviceType: booking.serviceType, bookingId: booking.id, files: attachments.length, reply }, portalFor(uow, to)));
    }
  } else if (uow.settings.businessEmail) {
    uow.mail.queue(
      newMessage(
        uow.settings.businessEmail,
        { senderName, content: input.content, serviceType: booking.serviceType, bookingId: booking.id, files: attachments.length, email: booking.email },
        adminUrl(uow, { tab: 'chat', booking: booking.id }),
      ),
    );
  }
  return { id: messageId };
};

/**
 * `POST /api/bookings/{id}/no-reply-needed` (the admin, domain/policy.ts `chat.mark`): the customer's message needs no
 * answer, so the chat stops counting as waiting for one on every device of the admin, until the customer writes
 * again. Nobody is mailed and the customer is not told. A repeat, or a mark on an older message than the one marked
 * already, appends nothing.
 */
export const markNoReplyNeeded: Command<NoReplyNeededInput & { booking: Booking }, { bookingId: string }> = (uow, { booking, messageId }) => {
  uow.handle(streamId.chat(booking.id), chatDecider, { type: 'MarkNoReplyNeeded', data: { bookingId: booking.id, messageId } });
  return { bookingId: booking.id };
};

/**
 * `POST /api/bookings/{id}/reply-needed` (the admin, `chat.mark`): takes back "no reply needed" on the customer's
 * message (tapped by mistake), so the chat waits for an answer again on every device of the admin. The customer is not
 * told. A repeat, or an undo of a mark that has since moved on to a newer message of theirs, appends nothing.
 */
export const markReplyNeeded: Command<ReplyNeededInput & { booking: Booking }, { bookingId: string }> = (uow, { booking, messageId }) => {
  uow.handle(streamId.chat(booking.id), chatDecider, { type: 'MarkReplyNeeded', data: { bookingId: booking.id, messageId } });
  return { bookingId: booking.id };
};
