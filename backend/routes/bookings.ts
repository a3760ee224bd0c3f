import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { provenEmail } from '#domain/policy.ts';
import { bookingRequestSchema, bookingUpdateSchema, londonDay, requestDatesSchema } from '#domain/schemas/date-window.ts';
import { BookingNotesSchema, BookingPaymentSchema, type BookingNotesInput, type BookingPaymentInput, type CreateBookingInput, type RequestDatesInput, type UpdateBookingInput } from '#domain/schemas/booking.ts';
import { customerBooking, customerQuote, type Booking } from '#data/queries.ts';
import { changeBookingNotes } from '../commands/booking-notes.ts';
import { recordBookingPayment } from '../commands/booking-payment.ts';
import { bookingHistory, cancelBookingRequest, moveBookingRequest, requestBookingOrQuote, updateBooking } from '../commands/bookings.ts';
import type { AppDeps } from '../deps.ts';
import { allow, authorize, commandRoute, input, validate } from '../http/command.ts';
import { madeOnDevice } from '../http/command-context.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { honeypot } from '../http/honeypot.ts';
import { currentUser, requireUser } from '../http/session.ts';
import { parseValue } from '../http/validate.ts';
import { bookingIcs } from './calendar.ts';

const EmailParam = z
  .string()
  .trim()
  .toLowerCase()
  .max(255)
  .pipe(z.email({ error: 'Please enter a valid email address' }));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The booking named by the path, for someone the policy lets read it: 401 visitor, 404 unknown, 403 someone else's. */
export function bookingFor(ctx: Context, deps: Pick<AppDeps, 'storage'>, id: string | undefined): Booking {
  requireUser(ctx, deps.storage.queries);
  const booking = id && UUID.test(id) ? deps.storage.queries.booking(id) : undefined;
  if (!booking) throw notFound('Booking not found');
  authorize(ctx, deps.storage, 'booking.read', booking);
  return booking;
}

/** A booking as the caller may read it: the admin's whole, anyone else's without the admin's notes (ADR 026). */
function forCaller(ctx: Context, deps: Pick<AppDeps, 'storage'>, booking: Booking): Booking {
  return currentUser(ctx, deps.storage.queries)?.isAdmin ? booking : customerBooking(booking);
}

/** The route step that answers 404 for a path id that is no booking id's shape, before the body is read. */
function bookingIdShaped(ctx: Context, next: () => Promise<unknown>): Promise<unknown> {
  if (!UUID.test(ctx.params['id'] ?? '')) throw notFound('Booking not found');
  return next();
}

/** Booking requests, quote requests from the public form, the booking lists, updates, notes, history and .ics. */
export function bookingRoutes(deps: AppDeps): Router {
  const router = new Router();
  const { storage, clock, limits } = deps;
  const { queries } = storage;
  // Customers book from today to two years ahead; the admin any day within ten years either side.
  /** The booking a customer's change answers, as they may read it. */
  const answerBooking = (ctx: Context, id: string): Booking | undefined => {
    const booking = queries.booking(id);
    return booking && forCaller(ctx, deps, booking);
  };
  const requestSchema = (ctx: Context) => {
    const now = clock();
    const today = londonDay(now);
    const made = madeOnDevice(ctx.get('x-made-at'), now);
    return bookingRequestSchema(today, currentUser(ctx, queries)?.isAdmin ? 'admin' : 'customer', made ? londonDay(new Date(made)) : today);
  };

  router.post(
    '/api/bookings',
    limits.perIp('submit'),
    honeypot,
    validate(requestSchema),
    async (ctx, next) => {
      if (input<CreateBookingInput>(ctx).startDate && !currentUser(ctx, queries)) {
        throw new HttpError(401, 'not_signed_in', 'Please sign in to book dates, or send the form without dates for a free quote');
      }
      await next();
    },
    commandRoute(deps, {
      command: requestBookingOrQuote,
      input: (ctx) => input<CreateBookingInput>(ctx),
      status: 201,
      // A repeat is answered with the record as it is now, which may have the admin's notes by then.
      answer: (result, ctx) => {
        if (result.kind !== 'booking') {
          const quote = queries.quote(result.id);
          return { kind: 'quote', quote: quote ? (currentUser(ctx, queries)?.isAdmin ? quote : customerQuote(quote)) : null };
        }
        const booking = queries.booking(result.id);
        return { kind: 'booking', booking: booking ? forCaller(ctx, deps, booking) : null };
      },
    }),
  );

  deps.reads.route(router, { path: '/api/bookings', action: 'bookings.list', scope: () => null, produce: 'bookings' });

  router.get('/api/bookings/user/:email', (ctx) => {
    requireUser(ctx, queries);
    const email = parseValue('email', ctx.params['email'] ?? '', EmailParam);
    const user = authorize(ctx, storage, 'bookings.of-email', { email });
    // The admin: that address's bookings and those its account made; a customer: their proven address's and their account's.
    ctx.body = user.isAdmin
      ? queries.bookingsForCustomer(email, queries.userByEmail(email)?.id ?? null)
      : queries.customersBookings(provenEmail(user), user.id);
  });

  // One route for a booking and its .ics file, so no other module's order decides which answers.
  router.get('/api/bookings/:id', (ctx) => {
    const id = ctx.params['id'] ?? '';
    if (id.toLowerCase().endsWith('.ics')) return bookingIcs(deps, ctx, bookingFor(ctx, deps, id.slice(0, -4).toLowerCase()));
    ctx.body = forCaller(ctx, deps, bookingFor(ctx, deps, id));
  });

  router.patch(
    '/api/bookings/:id',
    allow(storage, 'booking.change'),
    bookingIdShaped,
    validate(() => bookingUpdateSchema(londonDay(clock()))),
    commandRoute(deps, {
      command: updateBooking,
      input: (ctx) => ({ ...input<UpdateBookingInput>(ctx), id: ctx.params['id'] ?? '' }),
      answer: (result) => queries.booking(result.id),
    }),
  );

  /** The admin's own notes on a job (ADR 026): set, replaced or (empty) cleared; answers the booking. */
  router.put(
    '/api/bookings/:id/notes',
    allow(storage, 'booking.change'),
    bookingIdShaped,
    validate(BookingNotesSchema),
    commandRoute(deps, {
      command: changeBookingNotes,
      input: (ctx) => ({ ...input<BookingNotesInput>(ctx), id: ctx.params['id'] ?? '' }),
      answer: (result) => queries.booking(result.id),
    }),
  );

  /** The admin's book-keeping: the job paid (when, how) or not paid after all; answers the booking. */
  router.put(
    '/api/bookings/:id/payment',
    allow(storage, 'booking.change'),
    bookingIdShaped,
    validate(BookingPaymentSchema),
    commandRoute(deps, {
      command: recordBookingPayment,
      input: (ctx) => ({ ...input<BookingPaymentInput>(ctx), id: ctx.params['id'] ?? '' }),
      answer: (result) => queries.booking(result.id),
    }),
  );

  /** The customer withdraws their own request while it waits for confirmation; answers the booking. */
  router.post(
    '/api/bookings/:id/cancel',
    (ctx, next) => {
      const booking = bookingFor(ctx, deps, ctx.params['id']);
      authorize(ctx, storage, 'booking.cancel', booking);
      return next();
    },
    commandRoute(deps, { command: cancelBookingRequest, input: (ctx) => ({ id: ctx.params['id'] ?? '' }), answer: (result, ctx) => answerBooking(ctx, result.id) }),
  );

  /** The customer moves their own request to other days or hours while it waits for confirmation; answers the booking. */
  router.post(
    '/api/bookings/:id/dates',
    limits.perIp('change'),
    (ctx, next) => {
      const booking = bookingFor(ctx, deps, ctx.params['id']);
      authorize(ctx, storage, 'booking.reschedule', booking);
      return next();
    },
    validate(() => requestDatesSchema(londonDay(clock()))),
    commandRoute(deps, {
      command: moveBookingRequest,
      input: (ctx) => ({ ...input<RequestDatesInput>(ctx), id: ctx.params['id'] ?? '' }),
      answer: (result, ctx) => answerBooking(ctx, result.id),
    }),
  );

  router.get('/api/bookings/:id/history', allow(storage, 'booking.history'), (ctx) => {
    const id = ctx.params['id'] ?? '';
    const history = UUID.test(id) ? bookingHistory(storage.store, queries, id) : undefined;
    if (!history) throw notFound('Booking not found');
    ctx.body = history;
  });

  return router;
}
