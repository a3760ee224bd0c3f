import Router from '@koa/router';
import type { Context } from 'koa';
import { calendarFeedDecider } from '#domain/deciders/records.ts';
import { streamId } from '#domain/deciders/decider.ts';
import { CalendarRenderer } from '../calendar/ics.ts';
import { feedTokenMatches, feedUrls, hashFeedToken, newFeedToken } from '../calendar/feed-token.ts';
import type { AppDeps } from '../deps.ts';
import { notFound } from '../http/errors.ts';
import { commandContext } from '../http/command-context.ts';
import { adminOnly } from '../http/session.ts';
import { bookingFor } from './bookings.ts';

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

/**
 * The admin's private calendar feed and one booking's .ics file (product brief §5, ICS).
 *
 * `GET /api/bookings/:id.ics` only matches paths ending in `.ics`. The bookings module is registered first
 * and its `GET /api/bookings/:id` matches `<uuid>.ics` too; it passes anything that is not a bare UUID on.
 */
export function calendarRoutes({ storage, clock, config }: AppDeps): Router {
  const router = new Router();
  const { queries, bus } = storage;
  const renderer = new CalendarRenderer({ publicUrl: config.publicUrl, businessEmail: config.mail.businessEmail });

  /**
   * Makes a new feed URL and revokes the previous one (there is only ever one). The answer is the only time
   * the token is shown: only its SHA-256 is stored, so a lost URL cannot be shown again, only replaced.
   * An Idempotency-Key is ignored: a replay could not answer the token without storing it, and rotating
   * twice is harmless (the newest URL wins).
   */
  router.post('/api/calendar/token', adminOnly(queries), async (ctx) => {
    const token = newFeedToken();
    const context = { ...commandContext(ctx, bus, queries, clock()), commandId: null };
    await bus.execute(context, (uow) => {
      uow.handle(streamId.calendarFeed(), calendarFeedDecider, { type: 'RotateFeedToken', data: { tokenHash: hashFeedToken(token) } });
    });
    ctx.status = 201;
    ctx.body = feedUrls(config.publicUrl, token);
  });

  /** Whether a feed URL exists and since when. The URL itself cannot be shown again (see POST above). */
  router.get('/api/calendar/status', adminOnly(queries), (ctx) => {
    const createdAt = queries.calendarFeed()?.createdAt ?? null;
    ctx.body = { active: createdAt !== null, createdAt };
  });

  /**
   * The feed calendar apps subscribe to. No session: the token in the path is the credential. An unknown or
   * revoked token gets a bare 404 that says nothing about why.
   */
  router.get('/api/calendar/:token.ics', async (ctx) => {
    if (!feedTokenMatches(ctx.params['token'] ?? '', queries.calendarFeedTokenHash())) {
      plainNotFound(ctx);
      return;
    }
    ctx.set('Cache-Control', 'private, max-age=300');
    ctx.type = CALENDAR_TYPE;
    ctx.body = await renderer.feed(queries.bookings(), clock());
  });

  /**
   * One booking as an .ics download: 401 anonymous, 404 unknown, 403 someone else's (the rules of
   * `GET /api/bookings/:id`, which hands `<id>.ics` on to this route).
   */
  router.get('/api/bookings/:id.ics', (ctx) => {
    const { user, booking } = bookingFor(ctx, queries, (ctx.params['id'] ?? '').toLowerCase());
    const body = renderer.booking(booking, user.isAdmin ? 'business' : 'customer', clock());
    if (!body) throw notFound('This booking has no dates to put in a calendar');
    ctx.type = CALENDAR_TYPE;
    ctx.set('Content-Disposition', `attachment; filename="booking-${booking.id.slice(0, 8)}.ics"`);
    ctx.body = body;
  });

  return router;
}

function plainNotFound(ctx: Context): void {
  ctx.status = 404;
  ctx.type = 'text/plain; charset=utf-8';
  ctx.body = 'Not found';
}
