import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { bookingRequestSchema, bookingUpdateSchema, londonDay } from '#domain/schemas/date-window.ts';
import { provenEmail, type Queries, type User } from '#data/queries.ts';
import { bookingHistory, requestBookingOrQuote, updateBooking } from '../commands/bookings.ts';
import type { AppDeps } from '../deps.ts';
import { HttpError, notAllowed, notFound } from '../http/errors.ts';
import { commandContext } from '../http/command-context.ts';
import { adminOnly, currentUser, requireAdmin, requireUser } from '../http/session.ts';
import { parseBody, parseValue } from '../http/validate.ts';
import { isHoneypotFilled } from '../http/honeypot.ts';

const EmailParam = z.string().trim().toLowerCase().max(255).pipe(z.email({ error: 'Please enter a valid email address' }));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Whether the signed-in user may see this booking: the admin, the account that made it, or the proven owner of its e-mail. */
export function canSeeBooking(user: User, booking: { email: string | null; userId: string | null }): boolean {
  const email = provenEmail(user);
  return user.isAdmin || (email !== null && booking.email === email) || (booking.userId !== null && booking.userId === user.id);
}

/** The booking of the path, for someone allowed to see it: 401 anonymous, 404 unknown, 403 someone else's. */
export function bookingFor(ctx: Context, queries: Queries, id: string | undefined) {
  const user = requireUser(ctx, queries);
  const booking = id && UUID.test(id) ? queries.booking(id) : undefined;
  if (!booking) throw notFound('Booking not found');
  if (!canSeeBooking(user, booking)) throw notAllowed('This booking belongs to someone else');
  return { user, booking };
}

/** Booking requests, quote requests from the public form, the booking lists, updates and history. */
export function bookingRoutes({ storage, clock, config, mailer, limits }: AppDeps): Router {
  const router = new Router();
  const { queries, bus, store } = storage;

  router.post('/api/bookings', limits.perIp('submit'), async (ctx) => {
    if (isHoneypotFilled(ctx)) return;
    const user = currentUser(ctx, queries);
    // Customers book from today to two years ahead; the admin any day within ten years either side.
    const input = parseBody(ctx, bookingRequestSchema(londonDay(clock()), user?.isAdmin ? 'admin' : 'customer'));
    if (input.startDate && !user) {
      throw new HttpError(401, 'not_signed_in', 'Please sign in to book dates, or send the form without dates for a free quote');
    }
    const { result, replayed } = await bus.execute(commandContext(ctx, bus, queries, clock()), (uow) =>
      requestBookingOrQuote(uow, input, user ?? null, config.mail.businessEmail),
    );
    void mailer.wake();
    if (replayed) ctx.set('Idempotent-Replayed', 'true');
    ctx.status = 201;
    ctx.body = result.kind === 'booking' ? { kind: 'booking', booking: queries.booking(result.id) ?? null } : { kind: 'quote', quote: queries.quote(result.id) ?? null };
  });

  router.get('/api/bookings', adminOnly(queries), (ctx) => {
    ctx.body = queries.bookings();
  });

  router.get('/api/bookings/user/:email', (ctx) => {
    const user = requireUser(ctx, queries);
    const email = parseValue('email', ctx.params['email'] ?? '', EmailParam);
    if (user.isAdmin) {
      // The same list the customer sees: their e-mail's bookings and those their account made.
      ctx.body = queries.bookingsForCustomer(email, queries.userByEmail(email)?.id ?? null);
      return;
    }
    if (email !== user.email) throw notAllowed('You can only see the bookings of your own e-mail address');
    ctx.body = queries.bookingsForCustomer(provenEmail(user), user.id);
  });

  router.get('/api/bookings/:id', async (ctx, next) => {
    // Not a booking id (e.g. `<id>.ics`): leave it to the routes registered after this module.
    if (!UUID.test(ctx.params['id'] ?? '')) return next();
    ctx.body = bookingFor(ctx, queries, ctx.params['id']).booking;
  });

  router.patch('/api/bookings/:id', async (ctx) => {
    const admin = requireAdmin(ctx, queries);
    const id = ctx.params['id'] ?? '';
    if (!UUID.test(id)) throw notFound('Booking not found');
    const input = parseBody(ctx, bookingUpdateSchema(londonDay(clock())));
    const { replayed } = await bus.execute(commandContext(ctx, bus, queries, clock()), (uow) => updateBooking(uow, id, input, admin));
    if (replayed) ctx.set('Idempotent-Replayed', 'true');
    ctx.body = queries.booking(id);
  });

  router.get('/api/bookings/:id/history', (ctx) => {
    requireAdmin(ctx, queries);
    const id = ctx.params['id'] ?? '';
    const history = UUID.test(id) ? bookingHistory(store, queries, id) : undefined;
    if (!history) throw notFound('Booking not found');
    ctx.body = history;
  });

  return router;
}
