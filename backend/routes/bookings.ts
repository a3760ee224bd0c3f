import Router from '@koa/router';
import { z } from 'zod';
import { CreateBookingSchema } from '#domain/schemas/booking.ts';
import { requestBookingOrQuote } from '../commands/bookings.ts';
import type { AppDeps } from '../deps.ts';
import { HttpError, notAllowed } from '../http/errors.ts';
import { commandContext } from '../http/command-context.ts';
import { adminOnly, currentUser, requireUser } from '../http/session.ts';
import { parseBody, parseValue } from '../http/validate.ts';

const EmailParam = z.string().trim().toLowerCase().max(255).pipe(z.email({ error: 'Please enter a valid email address' }));

/** Booking requests, quote requests from the public form, and the booking lists. */
export function bookingRoutes({ storage, clock, config, mailer, limits }: AppDeps): Router {
  const router = new Router();
  const { queries, bus } = storage;

  router.post('/api/bookings', limits.perIp('submit'), async (ctx) => {
    const input = parseBody(ctx, CreateBookingSchema);
    const user = currentUser(ctx, queries);
    if (input.startDate && !user) {
      throw new HttpError(401, 'not_signed_in', 'Please sign in to book dates, or send the form without dates for a free quote');
    }
    const { result, replayed } = await bus.execute(commandContext(ctx, bus, queries, clock()), (uow) =>
      requestBookingOrQuote(uow, input, user?.id ?? null, config.mail.businessEmail),
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
    ctx.body = queries.bookingsForCustomer(email, user.id);
  });

  return router;
}
