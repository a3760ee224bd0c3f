import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { provenEmail } from '#domain/policy.ts';
import { bookingRequestSchema, bookingUpdateSchema, londonDay, requestDatesSchema } from '#domain/schemas/date-window.ts';
import type { CreateBookingInput, RequestDatesInput, UpdateBookingInput } from '#domain/schemas/booking.ts';
import type { Booking } from '#data/queries.ts';
import { bookingHistory, cancelBookingRequest, moveBookingRequest, requestBookingOrQuote, updateBooking } from '../commands/bookings.ts';
import type { AppDeps } from '../deps.ts';
import { allow, authorize, commandRoute, input, validate } from '../http/command.ts';
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

/** Booking requests, quote requests from the public form, the booking lists, updates, history and .ics. */
export function bookingRoutes(deps: AppDeps): Router {
  const router = new Router();
  const { storage, clock, limits } = deps;
  const { queries } = storage;
  // Customers book from today to two years ahead; the admin any day within ten years either side.
  const requestSchema = (ctx: Context) => bookingRequestSchema(londonDay(clock()), currentUser(ctx, queries)?.isAdmin ? 'admin' : 'customer');

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
      answer: (result) =>
        result.kind === 'booking'
          ? { kind: 'booking', booking: queries.booking(result.id) ?? null }
          : { kind: 'quote', quote: queries.quote(result.id) ?? null },
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
      : queries.bookingsForCustomer(provenEmail(user), user.id);
  });

  // One route for a booking and its .ics file, so no other module's order decides which answers.
  router.get('/api/bookings/:id', (ctx) => {
    const id = ctx.params['id'] ?? '';
    if (id.toLowerCase().endsWith('.ics')) return bookingIcs(deps, ctx, bookingFor(ctx, deps, id.slice(0, -4).toLowerCase()));
    ctx.body = bookingFor(ctx, deps, id);
  });

  router.patch(
    '/api/bookings/:id',
    allow(storage, 'booking.change'),
    (ctx, next) => {
      if (!UUID.test(ctx.params['id'] ?? '')) throw notFound('Booking not found');
      return next();
    },
    validate(() => bookingUpdateSchema(londonDay(clock()))),
    commandRoute(deps, {
      command: updateBooking,
      input: (ctx) => ({ ...input<UpdateBookingInput>(ctx), id: ctx.params['id'] ?? '' }),
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
    commandRoute(deps, { command: cancelBookingRequest, input: (ctx) => ({ id: ctx.params['id'] ?? '' }), answer: (result) => queries.booking(result.id) }),
  );

  /** The customer moves their own request to other days or hours while it waits for confirmation; answers the booking. */
  router.post(
    '/api/bookings/:id/dates',
    (ctx, next) => {
      const booking = bookingFor(ctx, deps, ctx.params['id']);
      authorize(ctx, storage, 'booking.reschedule', booking);
      return next();
    },
    validate(() => requestDatesSchema(londonDay(clock()))),
    commandRoute(deps, {
      command: moveBookingRequest,
      input: (ctx) => ({ ...input<RequestDatesInput>(ctx), id: ctx.params['id'] ?? '' }),
      answer: (result) => queries.booking(result.id),
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
