import type { BookingStatus } from './schemas/booking.ts';

/** A change of a booking's status that its customer is emailed about. */
export type CustomerNews = 'confirmed' | 'cancelled';

/**
 * Which news of a status change goes to the booking's customer (when it has an address): a booking confirmed (also
 * one made confirmed, `from` null: booked on the phone, or from a quote, and one taken back from cancelled) or
 * cancelled by the business. Nothing for the work starting or finishing, or for a status sent again. The server
 * mails by it, and the admin's tablet says by it that the customer will hear.
 */
export function newsForCustomer(from: BookingStatus | null, to: BookingStatus): CustomerNews | null {
  if (to === 'confirmed' && (from === null || from === 'pending' || from === 'cancelled')) return 'confirmed';
  if (to === 'cancelled' && (from === 'pending' || from === 'confirmed' || from === 'in_progress')) return 'cancelled';
  return null;
}
