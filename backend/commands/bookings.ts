import { randomUUID } from 'node:crypto';
import { bookingDecider, newBookingData } from '#domain/deciders/booking.ts';
import { autoContactDetails, contactDecider } from '#domain/deciders/contact.ts';
import { streamId } from '#domain/deciders/decider.ts';
import { quoteDecider } from '#domain/deciders/quote.ts';
import { ConflictError, DomainError, NotFoundError } from '#domain/errors.ts';
import { personSubject } from '#domain/events.ts';
import { describeBookingEvent } from '#domain/history.ts';
import { HOLDS_SLOT, clashes, type Slot } from '#domain/schedule.ts';
import type { CreateBookingInput, UpdateBookingInput } from '#domain/schemas/booking.ts';
import type { Attachment } from '#domain/schemas/fields.ts';
import type { EventStore } from '#data/event-store.ts';
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
  who: { id: string; isAdmin: boolean } | null,
  businessEmail: string | null = null,
): RequestResult {
  const role = uow.metadata.role;
  const userId = who?.id ?? null;
  if (input.attachments.length > 0) input = { ...input, attachments: ownFiles(uow, input.attachments, who) };
  let result: RequestResult;
  // One id space for both: a client's id names its request whichever it turns out to be.
  const id = uow.newId(input.id, streamId.booking, streamId.quote);
  if (input.startDate && input.finishDate) {
    const bookingId = id;
    const stream = streamId.booking(bookingId);
    const data = newBookingData({ ...input, startDate: input.startDate, finishDate: input.finishDate }, { bookingId, userId }, role);
    assertNoClash(uow, { id: bookingId, ...data }, input.allowOverlap);
    uow.handle(stream, bookingDecider, { type: 'RequestBooking', data }, { expectedVersion: 0, subject: personSubject(data.email, stream) });
    result = { kind: 'booking', id: bookingId };
  } else {
    const quoteId = id;
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

/** Thrown inside a command so the check and the write share one transaction (and roll back together). */
export function assertNoClash(uow: UnitOfWork, slot: Slot & { status: string }, allowOverlap: boolean | undefined): void {
  if (allowOverlap || !(HOLDS_SLOT as readonly string[]).includes(slot.status) || !slot.startDate || !slot.finishDate) return;
  const found = clashes(slot, new Queries(uow.db).bookingsOverlapping(slot.startDate, slot.finishDate, HOLDS_SLOT));
  if (found.length === 0) return;
  const first = found[0]!;
  throw new ConflictError(
    'booking_overlap',
    `This job overlaps ${found.length === 1 ? 'another job' : `${found.length} other jobs`}: ${first.serviceType} on ${first.startDate}${
      first.startDate === first.finishDate ? '' : ` to ${first.finishDate}`
    }, ${first.startTime}–${first.finishTime}. Send allowOverlap to book it anyway.`,
    {
      clashes: found.map((b) => ({
        id: b.id,
        firstName: b.firstName,
        lastName: b.lastName,
        serviceType: b.serviceType,
        status: b.status,
        startDate: b.startDate,
        finishDate: b.finishDate,
        startTime: b.startTime,
        finishTime: b.finishTime,
      })),
    },
  );
}

/**
 * Files named in attachments must be ones this person uploaded (the admin may attach any stored file).
 * Answers the list as the server recorded it: a client cannot rename a file or change its size.
 */
export function ownFiles(uow: UnitOfWork, attachments: readonly Attachment[], who: { id: string; isAdmin: boolean } | null): Attachment[] {
  const queries = new Queries(uow.db);
  const fields: Record<string, string> = {};
  const files = attachments.map((a, i) => {
    const upload = queries.upload(a.filename);
    if (!upload || (!who?.isAdmin && upload.uploaderId !== who?.id)) fields[`attachments.${i}`] = 'Unknown file: upload it first';
    return { filename: a.filename, originalname: upload?.originalname ?? a.originalname, size: upload?.size ?? a.size };
  });
  if (Object.keys(fields).length > 0) throw new DomainError('unknown_attachment', 'An attachment is not one of your uploaded files', { fields });
  return files;
}

/**
 * `PATCH /api/bookings/{id}`: details and status in one command. A stale `expectedVersion` is a conflict
 * carrying the current booking; confirming into a clash is a conflict naming it, unless `allowOverlap`.
 */
export function updateBooking(uow: UnitOfWork, bookingId: string, input: UpdateBookingInput, who: { id: string; isAdmin: boolean }): { id: string } {
  const stream = streamId.booking(bookingId);
  const queries = new Queries(uow.db);
  const { state, version } = uow.load(stream, bookingDecider);
  if (state.status === 'none') throw new NotFoundError('booking');
  if (input.expectedVersion !== undefined && input.expectedVersion !== version) {
    throw new ConflictError('version_conflict', 'This booking was changed by someone else meanwhile', { current: queries.booking(bookingId) });
  }
  const { status, expectedVersion: _v, allowOverlap, ...changes } = input;
  if (changes.attachments) changes.attachments = ownFiles(uow, changes.attachments, who);
  const subject = personSubject(state.email, stream);
  const details = uow.handle(stream, bookingDecider, { type: 'ChangeBookingDetails', data: { bookingId, changes } }, { subject }).events;
  const statusEvents = status ? uow.handle(stream, bookingDecider, { type: 'ChangeBookingStatus', data: { bookingId, status } }, { subject }).events : [];
  // Judge by what was appended: re-sending the current status (an offline replay) or the same dates moves nothing.
  const holds = (s: string) => (HOLDS_SLOT as readonly string[]).includes(s);
  const nowHoldsSlot = statusEvents.some((e) => e.type === 'BookingStatusChanged' && holds(e.data.to) && !holds(e.data.from));
  const datesMoved = details.some((e) => e.type === 'BookingDetailsChanged' && ['startDate', 'finishDate', 'startTime', 'finishTime'].some((k) => k in e.data));
  if (nowHoldsSlot || datesMoved) assertNoClash(uow, queries.booking(bookingId)!, allowOverlap);
  return { id: bookingId };
}

export type HistoryEntry = { at: string; who: string; role: string; type: string; summary: string; fields?: string[] };

/** The booking's events (and its chat) in order, in words: who, what, when. */
export function bookingHistory(store: EventStore, queries: Queries, bookingId: string): HistoryEntry[] | undefined {
  const events = store.readStream(streamId.booking(bookingId));
  if (events.length === 0) return undefined;
  const all = [...events, ...store.readStream(streamId.chat(bookingId))].sort((a, b) => a.globalPosition - b.globalPosition);
  const names = new Map<string, string>();
  const who = (actor: string | null, role: string): string => {
    if (!actor) return role === 'anonymous' ? 'Website visitor' : role === 'system' ? 'System' : 'Unknown';
    if (!names.has(actor)) {
      const u = queries.user(actor);
      names.set(actor, u ? `${u.firstName} ${u.lastName}`.trim() : 'Former user');
    }
    return names.get(actor)!;
  };
  return all.map((e) => ({ at: e.metadata.time, who: who(e.metadata.actor, e.metadata.role), role: e.metadata.role, type: e.type, ...describeBookingEvent(e) }));
}
