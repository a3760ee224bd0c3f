import Router from '@koa/router';
import type { Context } from 'koa';
import { bookingReference } from '#domain/reference.ts';
import type { Booking } from '#data/queries.ts';
import { CalendarRenderer } from '../calendar/ics.ts';
import { feedLinkId, feedTokenMatches, feedUrls, hashFeedToken, newFeedToken } from '../calendar/feed-token.ts';
import { rotateFeedToken, turnOffFeed } from '../commands/records.ts';
import type { AppDeps } from '../deps.ts';
import { allow, runCommand } from '../http/command.ts';
import { notFound } from '../http/errors.ts';
import { currentUser } from '../http/session.ts';

const CALENDAR_TYPE = 'text/calendar; charset=utf-8';

/** One renderer per app (it keeps the events it rendered, so an unchanged booking is not rendered again). */
const renderers = new WeakMap<AppDeps['config'], CalendarRenderer>();
function rendererFor(config: AppDeps['config']): CalendarRenderer {
  let renderer = renderers.get(config);
  if (!renderer) {
    renderer = new CalendarRenderer({ publicUrl: config.publicUrl, businessEmail: config.mail.businessEmail });
    renderers.set(config, renderer);
  }
  return renderer;
}

/**
 * One booking as an .ics download (`GET /api/bookings/{id}.ics`, routed by the bookings module): for its
 * customer or the admin, who have been checked by then.
 */
export function bookingIcs({ config, clock, storage }: AppDeps, ctx: Context, booking: Booking): void {
  const user = currentUser(ctx, storage.queries);
  const body = rendererFor(config).booking(booking, user?.isAdmin ? 'business' : 'customer', clock());
  if (!body) throw notFound('This booking has no dates to put in a calendar');
  ctx.type = CALENDAR_TYPE;
  ctx.set('Content-Disposition', `attachment; filename="booking-${bookingReference(booking.id)}.ics"`);
  ctx.body = body;
}

/** The admin's private calendar feed (product brief §5, ICS). */
export function calendarRoutes(deps: AppDeps): Router {
  const { storage, clock, config } = deps;
  const router = new Router();
  const { queries } = storage;
  const renderer = rendererFor(config);

  /**
   * Makes a new feed URL and revokes the previous one (there is only ever one). The answer is the only time
   * the token is shown: only its SHA-256 is stored, so a lost URL cannot be shown again, only replaced.
   * An Idempotency-Key is ignored: a replay could not answer the token without storing it, and rotating
   * twice is harmless (the newest URL wins).
   */
  router.post('/api/calendar/token', allow(storage, 'calendar.manage'), async (ctx) => {
    const token = newFeedToken();
    await runCommand(ctx, deps, rotateFeedToken, { tokenHash: hashFeedToken(token) }, { keyed: false });
    ctx.status = 201;
    ctx.body = feedUrls(config.publicUrl, token);
  });

  /**
   * Turns the feed off: its URL stops working (a bare 404, as for any unknown one), and none works until a new one is
   * made. Answers the status as `GET /api/calendar/status` does. Turning off a feed that is off changes nothing.
   */
  router.delete('/api/calendar/token', allow(storage, 'calendar.manage'), async (ctx) => {
    await runCommand(ctx, deps, turnOffFeed, {});
    ctx.body = { active: false, createdAt: null, linkId: null };
  });

  /**
   * Whether a feed URL exists and since when. The URL itself cannot be shown again (see POST above); `linkId`, the
   * first 16 hex digits of its token's SHA-256, lets a device that kept a URL tell whether it is still the one that
   * works, or was replaced on another device (it is no credential: the feed wants the token itself).
   */
  router.get('/api/calendar/status', allow(storage, 'calendar.manage'), (ctx) => {
    const feed = queries.calendarFeed();
    ctx.body = { active: feed !== undefined, createdAt: feed?.createdAt ?? null, linkId: feed ? feedLinkId(feed.tokenHash) : null };
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
    // Asked for afresh each time (calendar apps poll on their own clock anyway): a copy kept for minutes outlived the
    // feed being turned off, and a browser that opened the link kept every booking in a cache no sign-out clears.
    ctx.set('Cache-Control', 'private, no-cache');
    ctx.type = CALENDAR_TYPE;
    if (deps.lists) {
      // Every booking: read, rendered and tagged in the list thread, off the event loop.
      const { body, etag } = await deps.lists.calendarFeed(clock());
      ctx.set('ETag', etag);
      ctx.body = body;
    } else {
      ctx.body = await renderer.feed(queries.bookings(), clock());
    }
  });

  return router;
}

function plainNotFound(ctx: Context): void {
  ctx.status = 404;
  ctx.type = 'text/plain; charset=utf-8';
  ctx.body = 'Not found';
}
