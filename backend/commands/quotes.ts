import { bookingDecider, newBookingData } from '#domain/deciders/booking.ts';
import { streamId } from '#domain/deciders/decider.ts';
import { quoteDecider } from '#domain/deciders/quote.ts';
import { ConflictError, DomainError, NotFoundError } from '#domain/errors.ts';
import { personSubject } from '#domain/events.ts';
import { MSG } from '#domain/messages.ts';
import { quoteNewsForCustomer } from '#domain/notices.ts';
import type { CreateBookingInput } from '#domain/schemas/booking.ts';
import type { Attachment } from '#domain/schemas/fields.ts';
import type { AnswerQuoteInput, ConvertQuoteInput, UpdateQuoteInput } from '#domain/schemas/quote.ts';
import { customerQuote, type Quote } from '#data/queries.ts';
import { quoteAnswerReceived, quoteAnswered, quotePriceChanged, quoteReady } from '../mail/templates.ts';
import { adminUrl, assertNoClash, customerAddress, portalFor, tellCustomer } from './bookings.ts';
import type { Command, Uow } from './unit.ts';

function loadQuote(uow: Uow, quoteId: string): { quote: Quote; stream: string; subject: string } {
  const quote = uow.queries.quote(quoteId);
  if (!quote) throw new NotFoundError('quote');
  const stream = streamId.quote(quoteId);
  return { quote, stream, subject: personSubject(quote.email, stream) };
}

/**
 * `PUT /api/quotes/{id}`: the admin's notes, price and what it includes, status, priority, follow-up. Marking it quoted
 * sends the customer the price (with what it includes), and a new price for a quote that waits for their answer is
 * sent too (domain/notices.ts). A field the edit sets that changed elsewhere after its `expectedVersion` is a 409
 * `version_conflict` carrying the quote as it is now (`current`), so a device that was offline never overwrites it.
 */
export const reviseQuote: Command<UpdateQuoteInput & { id: string }, { id: string }> = (uow, { id: quoteId, ...input }) => {
  const { quote, stream, subject } = loadQuote(uow, quoteId);
  const { events } = withCurrent(uow, quoteId, () => uow.handle(stream, quoteDecider, { type: 'ReviseQuote', data: input }, { subject }));
  const after = { quoteStatus: input.quoteStatus ?? quote.quoteStatus, estimatedCost: input.estimatedCost !== undefined ? input.estimatedCost : quote.estimatedCost };
  const news = events.length > 0 ? quoteNewsForCustomer(quote, after) : null;
  const to = news ? customerAddress(uow, quote) : null;
  if (!to) return { id: quoteId };
  const scope = input.scope !== undefined ? input.scope : quote.scope;
  const facts = { id: quoteId, firstName: quote.firstName, serviceType: quote.serviceType, estimatedCost: after.estimatedCost, scope };
  if (news === 'ready') uow.mail.queue(quoteReady(to, facts, portalFor(uow, to)));
  else uow.mail.queue(quotePriceChanged(to, facts, quote.estimatedCost, portalFor(uow, to)));
  return { id: quoteId };
};

/**
 * A conflict with a change made meanwhile (an edit's `version_conflict`, an answer's `quote_changed`) answered with the
 * quote as it is now, as `view` shows it to the caller, for the device to show beside its own.
 */
function withCurrent<T>(uow: Uow, quoteId: string, run: () => T, view: (quote: Quote) => Quote = (quote) => quote): T {
  try {
    return run();
  } catch (error) {
    const current = error instanceof ConflictError && (error.code === 'version_conflict' || error.code === 'quote_changed') ? uow.queries.quote(quoteId) : undefined;
    if (error instanceof ConflictError && current) {
      throw new ConflictError(error.code, error.message, { ...error.details, current: view(current) });
    }
    throw error;
  }
}

/**
 * The customer's answer to a quoted price (`POST /api/quotes/{id}/approve` and `/decline`), to the price and scope their
 * screen showed (`seen`): changed since, it is a 409 `quote_changed` with the quote as they may see it now (`current`,
 * without the business's notes), for their device to show the new price.
 */
export const answerQuote: Command<{ id: string; answer: 'approved' | 'rejected'; seen?: AnswerQuoteInput }, { id: string }> = (uow, { id, answer, seen }) => {
  const { quote, stream, subject } = loadQuote(uow, id);
  const { events } = withCurrent(
    uow,
    id,
    () => uow.handle(stream, quoteDecider, { type: 'AnswerQuote', data: { answer, seen } }, { subject }),
    customerQuote,
  );
  if (events.length === 0) return { id };
  // The business hears of it (an approved one is work to book), once; the customer has their answer in writing.
  if (uow.settings.businessEmail) uow.mail.queue(quoteAnswered(uow.settings.businessEmail, quote, answer, adminUrl(uow, { tab: 'quotes', quote: quote.id })));
  const to = customerAddress(uow, quote);
  if (to) uow.mail.queue(quoteAnswerReceived(to, quote, answer));
  return { id };
};

/** `DELETE /api/quotes/{id}`: an event; the read model keeps a tombstone for the devices. */
export const deleteQuote: Command<{ id: string }, { id: string }> = (uow, { id }) => {
  const { stream, subject } = loadQuote(uow, id);
  uow.handle(stream, quoteDecider, { type: 'DeleteQuote' }, { subject });
  return { id };
};

/**
 * `POST /api/quotes/{id}/convert`: a confirmed booking with the quote's details, linked both ways, and a mail
 * telling the customer it is booked. The conversion and the booking are one transaction; converting twice is a conflict.
 */
export const convertQuote: Command<ConvertQuoteInput & { id: string }, { kind: 'booking'; id: string }> = (uow, { id: quoteId, ...input }) => {
  const { quote, stream, subject } = loadQuote(uow, quoteId);
  const startDate = input.startDate ?? quote.preferredDate;
  const finishDate = input.finishDate ?? input.startDate ?? quote.preferredDate;
  if (!startDate || !finishDate) {
    throw new DomainError('dates_required', MSG.chooseDatesAdmin, { fields: { startDate: MSG.selectDates } });
  }
  // Built from the stored quote, not re-validated: it was valid when taken (and may since have been erased).
  const bookingInput: CreateBookingInput = {
    firstName: quote.firstName,
    lastName: quote.lastName,
    email: quote.email,
    phone: quote.phone,
    serviceType: quote.serviceType,
    preferredDate: quote.preferredDate,
    address: quote.address,
    description: quote.description,
    attachments: quote.attachments ? (JSON.parse(quote.attachments) as Attachment[]) : [],
    startDate,
    finishDate,
    startTime: input.startTime ?? null,
    finishTime: input.finishTime ?? null,
    preferredTime: null,
    status: 'confirmed',
  };
  const bookingId = uow.newId(input.bookingId, streamId.booking, streamId.quote);
  uow.handle(stream, quoteDecider, { type: 'ConvertQuote', data: { bookingId } }, { subject });
  const bookingStream = streamId.booking(bookingId);
  const data = newBookingData({ ...bookingInput, startDate, finishDate }, { bookingId, userId: quote.userId, quoteId }, 'admin');
  assertNoClash(uow, { id: bookingId, ...data }, input.allowOverlap);
  uow.handle(bookingStream, bookingDecider, { type: 'RequestBooking', data }, { expectedVersion: 0, subject: personSubject(data.email, bookingStream) });
  tellCustomer(uow, { id: bookingId, ...data }, 'confirmed', null);
  return { kind: 'booking', id: bookingId };
};
