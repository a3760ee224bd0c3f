import { bookingDecider } from '#domain/deciders/booking.ts';
import { streamId } from '#domain/deciders/decider.ts';
import { quoteDecider } from '#domain/deciders/quote.ts';
import { ConflictError } from '#domain/errors.ts';
import { personSubject } from '#domain/events.ts';
import { phoneDigits } from '#domain/phone.ts';
import type { ErasePersonInput } from '#domain/schemas/people.ts';
import { HOLDS_SLOT } from '#domain/schedule.ts';
import type { Booking, Quote } from '#data/queries.ts';
import { accountDeleted, type BookedJob } from '../mail/templates.ts';
import { adminUrl } from './bookings.ts';
import type { Command, Uow } from './unit.ts';

/** Our text for the admin account, which the business cannot erase from a person's page. */
export const ADMIN_NOT_ERASED = 'An admin account cannot be erased here. Remove its admin rights first.';

/** What an erasure withdrew (booking and quote requests) and the jobs it left booked. */
export type Withdrawal = { bookingRequests: number; quoteRequests: number; bookedJobs: number };

/**
 * Run before a customer's erasure (POST /api/account/delete): what is still open is withdrawn, since once erased it
 * would be a request nobody can answer (no name, no address): booking requests waiting for confirmation, and quote
 * requests pending or quoted but not answered nor converted (the admin saw "Convert to Job for [erased] [erased]").
 * Jobs already booked (confirmed or under way) stay, anonymised; the business gets a notice listing them by
 * reference and dates, with nothing personal in it (the customer's details are about to go), to settle by phone.
 */
export const withdrawOpenRequests: Command<{ email: string | null; userId: string }, Withdrawal> = (uow, { email, userId }) => {
  const { bookingRequests, quoteRequests, booked } = withdraw(uow, uow.queries.bookingsForCustomer(email, userId), uow.queries.quotesForCustomer(email, userId));
  if (bookingRequests + quoteRequests + booked.length > 0 && uow.settings.businessEmail) {
    const jobs = booked.sort((a, b) => (a.startDate ?? '').localeCompare(b.startDate ?? ''));
    uow.mail.queue(accountDeleted(uow.settings.businessEmail, { jobs, bookingRequests, quoteRequests, adminUrl: adminUrl(uow) }));
  }
  return { bookingRequests, quoteRequests, bookedJobs: booked.length };
};

/**
 * Run before the business erases a person (a person's page, `npm run erase`): what is still open is withdrawn, as
 * when a customer deletes their own account, so no request is left that nobody can answer. By address, what is
 * under it or the account that has it; by phone, the records with no address and that number (as erasePhoneOnly
 * finds them). No notice: the business is the one erasing. An admin account is refused, as its erasure is.
 */
export const withdrawBeforeErasure: Command<ErasePersonInput, Withdrawal> = (uow, { email, phone }) => {
  const { queries } = uow;
  let found: { bookings: readonly Booking[]; quotes: readonly Quote[] };
  if (email) {
    const user = queries.userByEmail(email);
    if (user?.isAdmin) throw new ConflictError('admin_account', ADMIN_NOT_ERASED);
    found = { bookings: queries.bookingsForCustomer(email, user?.id ?? null), quotes: queries.quotesForCustomer(email, user?.id ?? null) };
  } else {
    const digits = phoneDigits(phone ?? '');
    const theirs = (record: { email: string | null; phone: string | null }) => !record.email && digits !== '' && phoneDigits(record.phone) === digits;
    found = { bookings: queries.bookings().filter(theirs), quotes: queries.quotes().filter(theirs) };
  }
  const { bookingRequests, quoteRequests, booked } = withdraw(uow, found.bookings, found.quotes);
  return { bookingRequests, quoteRequests, bookedJobs: booked.length };
};

/** Withdraws the booking requests waiting for confirmation and the open quote requests among these; the jobs booked stay. */
function withdraw(uow: Uow, bookings: readonly Booking[], quotes: readonly Quote[]): { bookingRequests: number; quoteRequests: number; booked: BookedJob[] } {
  let bookingRequests = 0;
  const booked: BookedJob[] = [];
  for (const booking of bookings) {
    if ((HOLDS_SLOT as readonly string[]).includes(booking.status)) booked.push(booking);
    if (booking.status !== 'pending') continue;
    const stream = streamId.booking(booking.id);
    const { events } = uow.handle(stream, bookingDecider, { type: 'CancelBookingRequest' }, { subject: personSubject(booking.email, stream) });
    bookingRequests += events.length;
  }
  let quoteRequests = 0;
  for (const quote of quotes) {
    const stream = streamId.quote(quote.id);
    const { events } = uow.handle(stream, quoteDecider, { type: 'WithdrawQuoteRequest' }, { subject: personSubject(quote.email, stream) });
    quoteRequests += events.length;
  }
  return { bookingRequests, quoteRequests, booked };
}
