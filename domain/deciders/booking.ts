import { ConflictError, DomainError, NotFoundError, assertNever } from '../errors.ts';
import type { BookingDetailsChanged, BookingNotesChanged, BookingPaymentRecorded, BookingRequested, BookingStatusChanged, Role } from '../events.ts';
import { DEFAULT_FINISH_TIME, DEFAULT_START_TIME } from '../limits.ts';
import { dateRangeProblems, type BookingStatus, type CreateBookingInput, type UpdateBookingInput } from '../schemas/booking.ts';
import type { Decider } from './decider.ts';

export type BookingEvent = BookingRequested | BookingStatusChanged | BookingDetailsChanged | BookingNotesChanged | BookingPaymentRecorded;

/** What a person can change about a booking after it was made. */
export type BookingDetails = Omit<BookingRequested['data'], 'status' | 'bookingId' | 'userId' | 'quoteId' | 'source' | 'isManualBooking'>;

export type BookingState =
  | { status: 'none' }
  | {
      status: BookingStatus;
      bookingId: string;
      email: string | null;
      userId: string | null;
      details: BookingDetails;
      /** The electrician's own notes on the job (never the customer's to see); null for none. */
      notes: string | null;
      /** Paid on that day, and how; null while unpaid. */
      payment: { paidOn: string; method: BookingPaymentRecorded['data']['method'] } | null;
    };

export type RequestBooking = { type: 'RequestBooking'; data: BookingRequested['data'] };
export type ChangeBookingStatus = { type: 'ChangeBookingStatus'; data: { bookingId: string; status: BookingStatus } };
export type ChangeBookingDetails = {
  type: 'ChangeBookingDetails';
  data: { bookingId: string; changes: Omit<UpdateBookingInput, 'status' | 'expectedVersion' | 'allowOverlap'> };
};
/** The customer withdraws their own request before it is confirmed (a confirmed job is changed by talking to us). */
export type CancelBookingRequest = { type: 'CancelBookingRequest' };
/** The customer moves their own request to other days or hours before it is confirmed (after, by talking to us). */
export type ChangeRequestDates = {
  type: 'ChangeRequestDates';
  data: { startDate: string | null; finishDate: string | null; startTime: string | null; finishTime: string | null };
};
/** The admin sets (or, with null, clears) their own notes on a job: in any status, a finished job's included. */
export type ChangeBookingNotes = { type: 'ChangeBookingNotes'; data: { notes: string | null } };
/**
 * The admin marks a job paid (on a day, and how, when said), or with `paidOn` null not paid after all. Any status: a
 * deposit on a larger job (the FAQ's payment plans), or a job paid before it was marked completed; the screens offer it
 * on finished jobs.
 */
export type RecordPayment = { type: 'RecordPayment'; data: Omit<BookingPaymentRecorded['data'], 'bookingId'> };
export type BookingCommand = RequestBooking | ChangeBookingStatus | ChangeBookingDetails | CancelBookingRequest | ChangeRequestDates | ChangeBookingNotes | RecordPayment;

/** Our text for new dates the customer cannot ask for online any more. */
export const DATES_TOO_LATE = 'This booking is no longer waiting for confirmation, so its dates cannot be changed here. Please call us or send us a message about it.';

/** Our text for a cancellation the customer cannot make online any more. */
export const CANCEL_TOO_LATE = 'This booking is no longer waiting for confirmation, so it cannot be cancelled here. Please call us or send us a message about it.';

/**
 * The data of a new booking from the form input: the seed's default times, the preferred date taken from
 * the start date, and the status rule (only the admin chooses one; a manual booking starts confirmed).
 */
export function newBookingData(
  input: CreateBookingInput & { startDate: string; finishDate: string },
  ids: { bookingId: string; userId: string | null; quoteId?: string | null },
  role: Role,
): BookingRequested['data'] {
  const isAdmin = role === 'admin';
  const isManualBooking = isAdmin && input.isManualBooking === true;
  return {
    bookingId: ids.bookingId,
    userId: ids.userId,
    quoteId: ids.quoteId ?? null,
    source: ids.quoteId ? 'quote' : isAdmin ? 'admin' : 'portal',
    isManualBooking,
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    phone: input.phone,
    serviceType: input.serviceType,
    preferredDate: input.preferredDate ?? input.startDate,
    preferredTime: input.preferredTime ?? input.startTime ?? DEFAULT_START_TIME,
    startDate: input.startDate,
    finishDate: input.finishDate,
    startTime: input.startTime ?? DEFAULT_START_TIME,
    finishTime: input.finishTime ?? DEFAULT_FINISH_TIME,
    address: input.address,
    description: input.description,
    attachments: input.attachments,
    status: isAdmin ? (input.status ?? (isManualBooking ? 'confirmed' : 'pending')) : 'pending',
  };
}

function assertValidRange(range: Parameters<typeof dateRangeProblems>[0]): void {
  const problems = dateRangeProblems(range);
  if (problems.length > 0) {
    throw new DomainError('invalid_dates', problems[0]!.message, { fields: Object.fromEntries(problems.map((p) => [p.field, p.message])) });
  }
}

function evolve(state: BookingState, event: BookingEvent): BookingState {
  switch (event.type) {
    case 'BookingRequested': {
      const { status, bookingId, userId, quoteId: _q, source: _s, isManualBooking: _m, ...details } = event.data;
      return { status, bookingId, userId, email: details.email, details, notes: null, payment: null };
    }
    case 'BookingStatusChanged':
      return state.status === 'none' ? state : { ...state, status: event.data.to };
    case 'BookingDetailsChanged': {
      if (state.status === 'none') return state;
      const { bookingId: _b, ...changes } = event.data;
      const details = { ...state.details, ...changes };
      return { ...state, details, email: details.email };
    }
    case 'BookingNotesChanged':
      return state.status === 'none' ? state : { ...state, notes: event.data.notes };
    case 'BookingPaymentRecorded': {
      if (state.status === 'none') return state;
      const { paidOn, method } = event.data;
      return { ...state, payment: paidOn === null ? null : { paidOn, method } };
    }
    default:
      return assertNever(event);
  }
}

function decide(command: BookingCommand, state: BookingState): BookingEvent[] {
  switch (command.type) {
    case 'RequestBooking': {
      if (state.status !== 'none') throw new ConflictError('booking_exists', 'This booking already exists');
      // Every way of making a booking (portal, admin, quote conversion) meets the same date rule here.
      assertValidRange(command.data);
      return [{ type: 'BookingRequested', data: command.data }];
    }
    case 'ChangeBookingStatus': {
      if (state.status === 'none') throw new NotFoundError('booking');
      if (state.status === command.data.status) return [];
      return [{ type: 'BookingStatusChanged', data: { bookingId: state.bookingId, from: state.status, to: command.data.status } }];
    }
    case 'CancelBookingRequest': {
      if (state.status === 'none') throw new NotFoundError('booking');
      // Asking twice (a retried request, two devices) changes nothing more.
      if (state.status === 'cancelled') return [];
      if (state.status !== 'pending') throw new ConflictError('booking_not_pending', CANCEL_TOO_LATE);
      return [{ type: 'BookingStatusChanged', data: { bookingId: state.bookingId, from: state.status, to: 'cancelled' } }];
    }
    case 'ChangeRequestDates': {
      if (state.status === 'none') throw new NotFoundError('booking');
      if (state.status !== 'pending') throw new ConflictError('booking_not_pending', DATES_TOO_LATE);
      // The same days again (a retried request) change nothing: the details' rule decides what changed.
      return decide({ type: 'ChangeBookingDetails', data: { bookingId: state.bookingId, changes: command.data } }, state);
    }
    case 'ChangeBookingDetails': {
      if (state.status === 'none') throw new NotFoundError('booking');
      const changed: Record<string, unknown> = {};
      const current = state.details as Record<string, unknown>;
      for (const [key, value] of Object.entries(command.data.changes)) {
        if (value === undefined) continue;
        if (JSON.stringify(current[key]) !== JSON.stringify(value)) changed[key] = value;
      }
      if (Object.keys(changed).length === 0) return [];
      const merged = { ...state.details, ...changed } as BookingDetails;
      // A booking keeps its dates: both cleared is refused here; one cleared, by the range rule, which names it.
      if (!merged.startDate && !merged.finishDate) {
        throw new DomainError('invalid_dates', 'Please select dates', { fields: { startDate: 'Please select dates' } });
      }
      assertValidRange(merged);
      return [{ type: 'BookingDetailsChanged', data: { bookingId: state.bookingId, ...changed } }];
    }
    case 'ChangeBookingNotes': {
      if (state.status === 'none') throw new NotFoundError('booking');
      // The same notes again (a retried request, a second device saving the same words) change nothing.
      if (state.notes === command.data.notes) return [];
      return [{ type: 'BookingNotesChanged', data: { bookingId: state.bookingId, notes: command.data.notes } }];
    }
    case 'RecordPayment': {
      if (state.status === 'none') throw new NotFoundError('booking');
      const { paidOn, method } = command.data;
      // Appended even when the job is marked so already (a second device marking it the same): a device counts each mark
      // it sends as one version on (movesVersion), and a change it queued after one counted on it. A retried request is
      // answered by its Idempotency-Key, appending nothing.
      return [{ type: 'BookingPaymentRecorded', data: { bookingId: state.bookingId, paidOn, method: paidOn === null ? null : method } }];
    }
    default:
      return assertNever(command);
  }
}

export const bookingDecider: Decider<BookingState, BookingCommand, BookingEvent> = {
  initialState: () => ({ status: 'none' }),
  evolve,
  decide,
};
