import { randomUUID } from 'node:crypto';
import { bookingDecider, newBookingData } from '#domain/deciders/booking.ts';
import { autoContactDetails, contactDecider } from '#domain/deciders/contact.ts';
import { streamId } from '#domain/deciders/decider.ts';
import { quoteDecider } from '#domain/deciders/quote.ts';
import { personSubject } from '#domain/events.ts';
import type { CreateBookingInput } from '#domain/schemas/booking.ts';
import type { UnitOfWork } from '#data/command-bus.ts';
import { MailOutbox } from '#data/mail-outbox.ts';
import { Queries } from '#data/queries.ts';
import { newRequest, requestReceived, type RequestSummary } from '../mail/templates.ts';

/** What the idempotency record keeps: which record was made. No personal data, so erasure needs no clean-up here. */
export type RequestResult = { kind: 'quote' | 'booking'; id: string };

/**
 * `POST /api/bookings`: with start and finish dates it is a booking (portal, admin), without them a quote
 * request (the public form). Either one makes a contact for an e-mail the business has not seen before.
 */
export function requestBookingOrQuote(
  uow: UnitOfWork,
  input: CreateBookingInput,
  userId: string | null,
  businessEmail: string | null = null,
): RequestResult {
  const role = uow.metadata.role;
  let result: RequestResult;
  if (input.startDate && input.finishDate) {
    const bookingId = randomUUID();
    const stream = streamId.booking(bookingId);
    const data = newBookingData({ ...input, startDate: input.startDate, finishDate: input.finishDate }, { bookingId, userId }, role);
    uow.handle(stream, bookingDecider, { type: 'RequestBooking', data }, { expectedVersion: 0, subject: personSubject(data.email, stream) });
    result = { kind: 'booking', id: bookingId };
  } else {
    const quoteId = randomUUID();
    const stream = streamId.quote(quoteId);
    uow.handle(
      stream,
      quoteDecider,
      {
        type: 'RequestQuote',
        data: {
          quoteId,
          userId,
          firstName: input.firstName,
          lastName: input.lastName,
          email: input.email,
          phone: input.phone,
          serviceType: input.serviceType,
          preferredDate: input.preferredDate,
          address: input.address,
          description: input.description,
          attachments: input.attachments,
        },
      },
      { expectedVersion: 0, subject: personSubject(input.email, stream) },
    );
    result = { kind: 'quote', id: quoteId };
  }
  if (input.email) autoCreateContact(uow, input);
  if (businessEmail) queueRequestMail(uow, input, result.kind, businessEmail);
  return result;
}

/** The confirmation to the customer (when they gave an e-mail) and the notice to the business. */
function queueRequestMail(uow: UnitOfWork, input: CreateBookingInput, kind: RequestResult['kind'], businessEmail: string): void {
  const outbox = new MailOutbox(uow.db);
  const now = new Date(uow.metadata.time);
  const summary: RequestSummary = { kind, ...input };
  if (input.email) outbox.enqueue(requestReceived(input.email, summary), now);
  outbox.enqueue(newRequest(businessEmail, summary), now);
}

function autoCreateContact(uow: UnitOfWork, input: CreateBookingInput): void {
  const email = input.email;
  if (!email || new Queries(uow.db).contactByEmail(email)) return;
  const contactId = randomUUID();
  uow.handle(
    streamId.contact(contactId),
    contactDecider,
    {
      type: 'CreateContact',
      data: {
        contactId,
        firstName: input.firstName,
        lastName: input.lastName,
        email,
        phone: input.phone,
        service: input.serviceType,
        details: autoContactDetails(input.serviceType),
        source: 'booking',
      },
    },
    { expectedVersion: 0, subject: personSubject(email, streamId.contact(contactId)) },
  );
}
