/** Outbox kinds whose items the lists show before the server has them. */
export const KINDS = {
  /** POST /api/bookings with dates and a client-made `id`: a new booking. */
  booking: 'booking',
  /** PATCH /api/bookings/{id} with `status` and `expectedVersion`. */
  bookingStatus: 'booking-status',
  /** POST /api/bookings/{id}/messages with a client-made `id`. */
  message: 'message',
  /** POST /api/bookings/{id}/cancel: the customer withdraws their pending request. */
  bookingCancel: 'booking-cancel',
  /** PATCH /api/bookings/{id} with the job's new days and hours (the admin's Change dates). */
  bookingDates: 'booking-dates',
} as const;

/**
 * Whether an item of this kind moves its job's version on by one when it lands: the admin's status and dates
 * changes. A status change queued after one counts it in its `expectedVersion`; one that never lands (discarded)
 * is counted out again.
 */
export function movesVersion(kind: string): boolean {
  return kind === KINDS.bookingStatus || kind === KINDS.bookingDates;
}
