import { bookingDecider } from '#domain/deciders/booking.ts';
import { streamId } from '#domain/deciders/decider.ts';
import { quoteDecider } from '#domain/deciders/quote.ts';
import { personSubject } from '#domain/events.ts';
import { HOLDS_SLOT } from '#domain/schedule.ts';
import { accountDeleted, type BookedJob } from '../mail/templates.ts';
import { adminUrl } from './bookings.ts';
import type { Command } from './unit.ts';

/** What a customer's deletion of their account left for the business: counts, and the jobs still booked. */
export type Withdrawal = { bookingRequests: number; quoteRequests: number; bookedJobs: number };

/**
 * Run before a customer's erasure (POST /api/account/delete): what is still open is withdrawn, since once erased it
 * would be a request nobody can answer (no name, no address): booking requests waiting for confirmation, and quote
 * requests pending or quoted but not answered nor converted (the admin saw "Convert to Job for [erased] [erased]").
 * Jobs already booked (confirmed or under way) stay, anonymised; the business gets a notice listing them by
 * reference and dates, with nothing personal in it (the customer's details are about to go), to settle by phone.
 */
export const withdrawOpenRequests: Command<{ email: string | null; userId: string }, Withdrawal> = (uow, { email, userId }) => {
  let bookingRequests = 0;
  const booked: BookedJob[] = [];
  for (const booking of uow.queries.bookingsForCustomer(email, userId)) {
    if ((HOLDS_SLOT as readonly string[]).includes(booking.status)) booked.push(booking);
    if (booking.status !== 'pending') continue;
    const stream = streamId.booking(booking.id);
    const { events } = uow.handle(stream, bookingDecider, { type: 'CancelBookingRequest' }, { subject: personSubject(booking.email, stream) });
    bookingRequests += events.length;
  }
  let quoteRequests = 0;
  for (const quote of uow.queries.quotesForCustomer(email, userId)) {
    const stream = streamId.quote(quote.id);
    const { events } = uow.handle(stream, quoteDecider, { type: 'WithdrawQuoteRequest' }, { subject: personSubject(quote.email, stream) });
    quoteRequests += events.length;
  }
  if (bookingRequests + quoteRequests + booked.length > 0 && uow.settings.businessEmail) {
    const jobs = booked.sort((a, b) => (a.startDate ?? '').localeCompare(b.startDate ?? ''));
    uow.mail.queue(accountDeleted(uow.settings.businessEmail, { jobs, bookingRequests, quoteRequests, adminUrl: adminUrl(uow) }));
  }
  return { bookingRequests, quoteRequests, bookedJobs: booked.length };
};
