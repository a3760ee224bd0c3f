import { samePrice } from './money.ts';
import { HOLDS_SLOT } from './schedule.ts';
import type { BookingStatus } from './schemas/booking.ts';

/** A change of a booking's status that its customer is emailed about. */
export type CustomerNews = 'confirmed' | 'cancelled' | 'declined';

/**
 * Which news of a status change goes to the booking's customer (when it has an address): a booking confirmed (also
 * one made confirmed, `from` null: booked on the phone, or from a quote, and one taken back from cancelled),
 * cancelled by the business, or a request it cannot take (`declined`: cancelled while still pending, never booked, so
 * not "your booking is cancelled"). Nothing for the work starting or finishing, or for a status sent again. The server
 * mails by it, and the admin's tablet says by it that the customer will hear.
 */
export function newsForCustomer(from: BookingStatus | null, to: BookingStatus): CustomerNews | null {
  if (to === 'confirmed' && (from === null || from === 'pending' || from === 'cancelled')) return 'confirmed';
  if (to === 'cancelled' && from === 'pending') return 'declined';
  if (to === 'cancelled' && (from === 'confirmed' || from === 'in_progress')) return 'cancelled';
  return null;
}

/**
 * Whether the business moving a booking's days or hours is news to its customer: for a job booked (it is in their
 * calendar) and for a request still waiting (its confirmation would name days they never asked for); not for work
 * done or cancelled. The server mails by it, and the admin's form says by it that the customer will hear.
 */
export function moveIsNews(status: string): boolean {
  const now = (status || 'pending').replace(/-/g, '_');
  return now === 'pending' || (HOLDS_SLOT as readonly string[]).includes(now);
}

/** A change to a quote that its customer is emailed about: it is ready to answer, or its price changed while it waits. */
export type QuoteNews = 'ready' | 'price_changed';

/** The read model's and the devices' quote (its status as text). */
type QuoteFacts = { quoteStatus: string; estimatedCost: string | null };

/**
 * Which news of a quote's revision goes to its customer (when it has an address): marked Quoted, they are sent the
 * price to approve or decline; its price changed while it stays Quoted, unanswered and not yet a job, they are sent
 * the new one (they may have read the old). Nothing for the same price written another way (450 and 450.00), or for
 * notes, priority and follow-up. The server mails by it, and the admin's form says by it that the customer will hear.
 */
export function quoteNewsForCustomer(before: QuoteFacts & { bookingId: string | null }, after: QuoteFacts): QuoteNews | null {
  if (after.quoteStatus !== 'quoted') return null;
  if (before.quoteStatus !== 'quoted') return 'ready';
  if (before.bookingId !== null || samePrice(before.estimatedCost, after.estimatedCost)) return null;
  return 'price_changed';
}
