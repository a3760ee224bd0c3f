import { bookingDecider, newBookingData } from '#domain/deciders/booking.ts';
import { autoContactDetails, contactDecider } from '#domain/deciders/contact.ts';
import { streamId } from '#domain/deciders/decider.ts';
import { quoteDecider } from '#domain/deciders/quote.ts';
import { reminderDecider } from '#domain/deciders/reminder.ts';
import { ConflictError, DomainError, NotFoundError } from '#domain/errors.ts';
import { personSubject, type RecordedEvent } from '#domain/events.ts';
import { serviceTypeLabel } from '#domain/content/service-types.ts';
import { daysWords, describeBookingEvent, withSchedules } from '#domain/history.ts';
import { adminLink, type AdminPlace } from '#domain/links.ts';
import { HOLDS_SLOT, SCHEDULE_FIELDS, clashes, type Slot } from '#domain/schedule.ts';
import type { CreateBookingInput, RequestDatesInput, UpdateBookingInput } from '#domain/schemas/booking.ts';
import type { Attachment } from '#domain/schemas/fields.ts';
import type { ClashView } from '#domain/views.ts';
import type { EventStore } from '#data/event-store.ts';
import { customerBooking, type Queries } from '#data/queries.ts';
import { ERASED } from '#domain/limits.ts';
import { type CustomerNews, moveIsNews, newsForCustomer } from '#domain/notices.ts';
import { reminderDay, toldDatesOn } from '#domain/reminders.ts';
import { londonDay } from '#domain/schemas/date-window.ts';
import {
  bookingCancelled,
  bookingConfirmed,
  type BookingNewsFacts,
  bookingReminder,
  bookingRescheduled,
  newRequest,
  requestCancelled,
  requestDeclined,
  requestMoved,
  requestMovedByYou,
  requestReceived,
  requestRescheduled,
  type RequestSummary,
  requestWithdrawn,
  sendBy,
} from '../mail/templates.ts';
import { zonedTimeToUtc } from '../calendar/zoned-time.ts';
import type { Actor, Command, Uow } from './unit.ts';

/** What the idempotency record keeps: which record was made. No personal data, so erasure needs no clean-up here. */
export type RequestResult = { kind: 'quote' | 'booking'; id: string };

/**
 * `POST /api/bookings`: with start and finish dates it is a booking (portal, admin), without them a quote
 * request (the public form). Either one makes a contact for an email the business has not seen before, and
 * mails the customer (when they gave an address) and the business.
 */
export const requestBookingOrQuote: Command<CreateBookingInput, RequestResult> = (uow, request, actor) => {
  const role = uow.metadata.role;
  const userId = actor?.id ?? null;
  const input = request.attachments.length > 0 ? { ...request, attachments: ownFiles(uow, request.attachments, actor) } : request;
  // One id space for both: a client's id names its request whichever it turns out to be.
  const id = uow.newId(input.id, streamId.booking, streamId.quote);
  let result: RequestResult;
  // A booking the admin makes confirmed (taken on the phone): its customer hears it is booked, not that we have a request.
  let booked: (BookingNewsFacts & { email: string | null; userId: string | null; status: string }) | null = null;
  // A job the business enters as under way, done or cancelled (past work written up, a job called off on the phone) is
  // no request of the customer's: no "thank you for your booking request" for it.
  let receipt = true;
  // A booking's hours as stored (the day's usual hours when none were asked for), which its mails give from then on.
  let hours: { startTime: string; finishTime: string } | null = null;
  if (input.startDate && input.finishDate) {
    const stream = streamId.booking(id);
    const data = newBookingData({ ...input, startDate: input.startDate, finishDate: input.finishDate }, { bookingId: id, userId }, role);
    assertNoClash(uow, { id, ...data }, input.allowOverlap);
    uow.handle(stream, bookingDecider, { type: 'RequestBooking', data }, { expectedVersion: 0, subject: personSubject(data.email, stream) });
    if (newsForCustomer(null, data.status) === 'confirmed') booked = { id, ...data };
    else receipt = data.status === 'pending';
    hours = { startTime: data.startTime, finishTime: data.finishTime };
    result = { kind: 'booking', id };
  } else {
    const stream = streamId.quote(id);
    uow.handle(
      stream,
      quoteDecider,
      {
        type: 'RequestQuote',
        data: {
          quoteId: id,
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
    result = { kind: 'quote', id };
  }
  if (input.email || input.phone) autoCreateContact(uow, input);
  const summary: RequestSummary = { ...input, ...hours, kind: result.kind, id: result.id };
  if (booked) tellCustomer(uow, booked, 'confirmed', null);
  else if (receipt) {
    // To the account that made it, as it is now (ADR 025), like every later mail about it: a request queued on a device
    // before the account moved to another address still carries the address it left.
    const to = customerAddress(uow, { email: input.email || null, userId });
    // The words typed (address, details) go back only to an account's own proven address: repeated to any address a
    // visitor types, they would make the receipt a relay for someone else's text, sent from the business's domain.
    if (to) uow.mail.queue(requestReceived(to, summary, provenAccount(uow, { userId })));
  }
  // The business hears of what customers and visitors ask, not of the jobs it books itself.
  if (uow.settings.businessEmail && role !== 'admin') uow.mail.queue(newRequest(uow.settings.businessEmail, summary, adminUrl(uow, result.kind === 'quote' ? { tab: 'quotes', quote: result.id } : { tab: 'bookings', job: result.id })));
  return result;
};

/**
 * The person behind a request in Contacts: by their email address, or, for a customer booked on the phone with none,
 * by their phone number (however it was written); once per person.
 */
function autoCreateContact(uow: Uow, input: CreateBookingInput): void {
  const email = input.email || null;
  if (email ? uow.queries.contactByEmail(email) : !input.phone || uow.queries.contactByPhoneOnly(input.phone)) return;
  const contactId = uow.newId();
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
export function assertNoClash(uow: Uow, slot: Slot & { status: string }, allowOverlap: boolean | undefined): void {
  if (allowOverlap || !(HOLDS_SLOT as readonly string[]).includes(slot.status) || !slot.startDate || !slot.finishDate) return;
  const found = clashes(slot, uow.queries.bookingsOverlapping(slot.startDate, slot.finishDate, HOLDS_SLOT));
  if (found.length === 0) return;
  const first = found[0]!;
  // In words for the person who sees it (a refused change's "Not accepted" says it); an API client books it anyway
  // with `allowOverlap` (the README's API section).
  const hours = first.startTime && first.finishTime ? `, ${first.startTime}–${first.finishTime}` : '';
  throw new ConflictError(
    'booking_overlap',
    `This job overlaps ${found.length === 1 ? 'another job' : `${found.length} other jobs`} already booked: ${serviceTypeLabel(first.serviceType)}, ${daysWords(
      first.startDate ?? '',
      first.finishDate ?? '',
    )}${hours}. It can be booked anyway, or moved to other days.`,
    {
      clashes: found.map((b): ClashView => ({
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
export function ownFiles(uow: Uow, attachments: readonly Attachment[], who: Actor): Attachment[] {
  const fields: Record<string, string> = {};
  const files = attachments.map((a, i) => {
    const upload = uow.queries.upload(a.filename);
    if (!upload || (!who?.isAdmin && upload.uploaderId !== who?.id)) fields[`attachments.${i}`] = 'Unknown file: upload it first';
    return { filename: a.filename, originalname: upload?.originalname ?? a.originalname, size: upload?.size ?? a.size };
  });
  if (Object.keys(fields).length > 0) throw new DomainError('unknown_attachment', 'An attachment is not one of your uploaded files', { fields });
  return files;
}

/** What `PATCH /api/bookings/{id}` asks: the booking and its changes. */
export type BookingChange = UpdateBookingInput & { id: string };

/**
 * `PATCH /api/bookings/{id}`: details and status in one decision. A stale `expectedVersion` is a conflict
 * carrying the current booking; confirming into a clash is a conflict naming it, unless `allowOverlap`.
 */
export const updateBooking: Command<BookingChange, { id: string }> = (uow, input, actor) => {
  const bookingId = input.id;
  const stream = streamId.booking(bookingId);
  const { state, version } = uow.load(stream, bookingDecider);
  if (state.status === 'none') throw new NotFoundError('booking');
  if (input.expectedVersion !== undefined && input.expectedVersion !== version) {
    throw new ConflictError('version_conflict', 'This booking was changed by someone else meanwhile', { current: uow.queries.booking(bookingId) });
  }
  const { id: _id, status, expectedVersion: _v, allowOverlap, ...changes } = input;
  const before = uow.queries.booking(bookingId);
  if (changes.attachments) changes.attachments = ownFiles(uow, changes.attachments, actor);
  const { events } = uow.handle(
    stream,
    bookingDecider,
    [{ type: 'ChangeBookingDetails', data: { bookingId, changes } }, ...(status ? [{ type: 'ChangeBookingStatus' as const, data: { bookingId, status } }] : [])],
    // A change of address is the new address's: sealed under the old one (a typo the business corrected), erasing the
    // person at the right address left the address itself, and whatever else the change set, readable.
    { subject: personSubject(changes.email !== undefined ? changes.email : state.email, stream) },
  );
  // Judge by what was appended: re-sending the current status (an offline replay) or the same dates moves nothing.
  const holds = (s: string) => (HOLDS_SLOT as readonly string[]).includes(s);
  const nowHoldsSlot = events.some((e) => e.type === 'BookingStatusChanged' && holds(e.data.to) && !holds(e.data.from));
  const datesMoved = events.some((e) => e.type === 'BookingDetailsChanged' && SCHEDULE_FIELDS.some((k) => k in e.data));
  const booking = uow.queries.booking(bookingId)!;
  if (nowHoldsSlot || datesMoved) assertNoClash(uow, booking, allowOverlap);
  const changed = events.find((e) => e.type === 'BookingStatusChanged');
  tellCustomer(uow, booking, changed ? newsForCustomer(changed.data.from, changed.data.to) : null, datesMoved ? (before ?? null) : null);
  return { id: bookingId };
};

/**
 * Where a mail to a record's customer goes: the address of the customer's account that made it, as it is now (an
 * account can move to another address, and was told "from now on we write to you there"), else the address the
 * record was made under; null for none, or an erased one.
 */
export function customerAddress(uow: Uow, record: { email: string | null; userId: string | null }): string | null {
  const account = customerAccount(uow, record);
  const to = account ? account.email : record.email;
  // An address erased a moment ago is still in the read models until their rebuild ends (seconds): a reminder or a
  // status change meanwhile mailed the person who had just been erased. Their key is gone at once.
  return to && to !== ERASED && uow.store.holdsKeyFor(personSubject(to, '')) ? to : null;
}

/** Whether a record was made by a customer's account whose address is proven: the words typed may go back to it. */
function provenAccount(uow: Uow, record: { userId: string | null }): boolean {
  return customerAccount(uow, record)?.emailVerified === true;
}

/** The customer's account that made a record: none for a visitor's, or the admin's (a booking taken on the phone). */
function customerAccount(uow: Uow, record: { userId: string | null }) {
  const account = record.userId === null ? undefined : uow.queries.user(record.userId);
  return account && !account.isAdmin ? account : undefined;
}

/**
 * Mails a booking's customer (when it has an address) what the business just did that is news to them: confirmed,
 * cancelled, or a request it cannot take (domain/notices.ts), or new dates for a job already booked or a request still
 * waiting to be confirmed. In the command's transaction, so a change
 * replayed from the tablet's outbox mails once.
 */
export function tellCustomer(
  uow: Uow,
  booking: BookingNewsFacts & { email: string | null; userId: string | null; status: string },
  news: CustomerNews | null,
  /** The booking as it was, when its dates moved. */
  movedFrom: BookingNewsFacts | null,
): void {
  const to = customerAddress(uow, booking);
  if (!to) return;
  const portal = portalFor(uow, to);
  if (news === 'confirmed') uow.mail.queue(bookingConfirmed(to, booking, portal, movedFrom));
  else if (news === 'cancelled') uow.mail.queue(bookingCancelled(to, booking));
  else if (news === 'declined') uow.mail.queue(requestDeclined(to, booking, provenAccount(uow, booking)));
  else if (movedFrom && moveIsNews(booking.status)) {
    uow.mail.queue(booking.status === 'pending' ? requestRescheduled(to, booking, movedFrom, portal, provenAccount(uow, booking)) : bookingRescheduled(to, booking, portal, movedFrom));
  }
}

/** Where the business acts on what a mail to it is about: the Admin Portal, open at it when it is one record. */
export function adminUrl(uow: Uow, place?: AdminPlace): string {
  return adminLink(uow.settings.publicUrl ?? '', place);
}

/** How a mail to `to` points to the booking online: the portal shows it to the customer's account that made it (`to` is then its address) and to one under its address. */
export function portalFor(uow: Uow, to: string): { url: string; hasAccount: boolean } {
  return { url: uow.settings.publicUrl ?? '', hasAccount: uow.queries.userByEmail(to) !== undefined };
}

/**
 * The day before a booked job, a reminder to its customer (backend/reminders.ts runs it for each job due, from
 * REMINDER_HOUR): once per start day, so a job moved to another day is reminded again; none for a job not
 * confirmed, not starting tomorrow (checked again here, in the transaction), confirmed or moved today (that mail
 * said when), or without an address. Answers whether it mailed.
 */
export const remindCustomer: Command<{ bookingId: string }, { sent: boolean }> = (uow, { bookingId }) => {
  const day = reminderDay(uow.now);
  const booking = uow.queries.booking(bookingId);
  if (!day || !booking || booking.status !== 'confirmed' || booking.startDate !== day) return { sent: false };
  if (toldDatesOn(uow.store.readStream(streamId.booking(bookingId)), londonDay(uow.now))) return { sent: false };
  const to = customerAddress(uow, booking);
  if (!to) return { sent: false };
  const { events } = uow.handle(streamId.reminders(bookingId), reminderDecider, { type: 'SendReminder', data: { bookingId, startDate: day } });
  if (events.length === 0) return { sent: false };
  // "Starts tomorrow" is wrong from the job's own day: a reminder still unsent by then (the mail server down) is dropped.
  const jobDay = zonedTimeToUtc(day, '00:00');
  const reminder = bookingReminder(to, booking, portalFor(uow, to));
  uow.mail.queue(jobDay ? sendBy(reminder, jobDay.toISOString()) : reminder);
  return { sent: true };
};

/**
 * `POST /api/bookings/{id}/cancel`: the customer withdraws their own request while it waits for confirmation (the
 * decider refuses once it is confirmed or under way, and asking again changes nothing). The business hears of it, and
 * the customer has it in writing (a slip, or somebody else at their account, is then seen).
 */
export const cancelBookingRequest: Command<{ id: string }, { id: string }> = (uow, { id }) => {
  const stream = streamId.booking(id);
  const { state } = uow.load(stream, bookingDecider);
  if (state.status === 'none') throw new NotFoundError('booking');
  const { events } = uow.handle(stream, bookingDecider, { type: 'CancelBookingRequest' }, { subject: personSubject(state.email, stream) });
  const booking = uow.queries.booking(id);
  if (events.length === 0 || !booking) return { id };
  if (uow.settings.businessEmail) uow.mail.queue(requestCancelled(uow.settings.businessEmail, booking, adminUrl(uow, { tab: 'bookings', job: booking.id })));
  const to = customerAddress(uow, booking);
  if (to) uow.mail.queue(requestWithdrawn(to, booking, provenAccount(uow, booking)));
  return { id };
};

/**
 * `POST /api/bookings/{id}/dates`: the customer moves their own request to other days or hours while it waits for
 * confirmation (the decider refuses once it is confirmed, and the same days again change nothing). A waiting request
 * holds no slot, so there is no clash to check. The business hears of it, with the days it had, and so does the
 * customer.
 */
export const moveBookingRequest: Command<RequestDatesInput & { id: string }, { id: string }> = (uow, { id, expectedVersion, ...dates }) => {
  const stream = streamId.booking(id);
  const { state, version } = uow.load(stream, bookingDecider);
  if (state.status === 'none') throw new NotFoundError('booking');
  // Chosen on an older version (the laptop moved it meanwhile, or the business did after a call): the customer sees the
  // booking as it is now beside their days, rather than their phone's queued days silently undoing the newer ones. A
  // booking no longer waiting is the decider's to refuse, in its own words (confirmed meanwhile: call us).
  if (expectedVersion !== undefined && expectedVersion !== version && state.status === 'pending') {
    const current = uow.queries.booking(id);
    throw new ConflictError('version_conflict', 'This booking was changed meanwhile: here it is as it stands now', { current: current && customerBooking(current) });
  }
  const was = uow.queries.booking(id);
  const { events } = uow.handle(stream, bookingDecider, { type: 'ChangeRequestDates', data: dates }, { subject: personSubject(state.email, stream) });
  const booking = uow.queries.booking(id);
  if (events.length === 0 || !booking || !was) return { id };
  if (uow.settings.businessEmail) uow.mail.queue(requestMoved(uow.settings.businessEmail, booking, was, adminUrl(uow, { tab: 'bookings', job: booking.id })));
  const to = customerAddress(uow, booking);
  if (to) uow.mail.queue(requestMovedByYou(to, booking, was, portalFor(uow, to), provenAccount(uow, booking)));
  return { id };
};

export type HistoryEntry = { at: string; who: string; role: string; type: string; summary: string; fields?: string[] };

/** A booking's events with its chat's and its reminders', in the order they happened; undefined for no booking. */
export function bookingEvents(store: EventStore, bookingId: string): RecordedEvent[] | undefined {
  const events = store.readStream(streamId.booking(bookingId));
  if (events.length === 0) return undefined;
  return [...events, ...store.readStream(streamId.chat(bookingId)), ...store.readStream(streamId.reminders(bookingId))].sort((a, b) => a.globalPosition - b.globalPosition);
}

/** The booking's events (its chat's and reminders' too) in order, in words: who, what, when. */
export function bookingHistory(store: EventStore, queries: Queries, bookingId: string): HistoryEntry[] | undefined {
  const all = bookingEvents(store, bookingId);
  if (!all) return undefined;
  const names = new Map<string, string>();
  const who = (actor: string | null, role: string): string => {
    if (!actor) return role === 'anonymous' ? 'Website visitor' : role === 'system' ? 'System' : 'Unknown';
    if (!names.has(actor)) {
      const u = queries.user(actor);
      names.set(actor, u ? `${u.firstName} ${u.lastName}`.trim() : 'Former user');
    }
    return names.get(actor)!;
  };
  return withSchedules(all).map(({ event: e, before }) => ({
    at: e.metadata.time,
    ...(e.metadata.madeAt ? { madeAt: e.metadata.madeAt } : {}),
    who: who(e.metadata.actor, e.metadata.role),
    role: e.metadata.role,
    type: e.type,
    ...describeBookingEvent(e, before),
  }));
}
