type Dated = { readonly startDate: string | null; readonly finishDate: string | null; readonly startTime: string | null; readonly status: string };

/** Whether a booking is work still to come on `today` (yyyy-MM-dd): not done, not called off, its last day not gone by. */
function toCome(booking: Dated, today: string): boolean {
  if (booking.status === 'completed' || booking.status === 'cancelled') return false;
  const last = booking.finishDate ?? booking.startDate;
  return last === null || last >= today;
}

/**
 * My Bookings' order: the work still to come, soonest first (what a customer looks for: when are they coming?), then the
 * rest, the latest work first. The newest-made first, as the list came, put a December job below three in January around
 * the year's end. A booking with no dates yet keeps its place at the end of its group; the sort is stable.
 */
export function customerOrder<T extends Dated>(bookings: readonly T[], today: string): T[] {
  const when = (booking: T) => `${booking.startDate ?? '9999-12-31'} ${booking.startTime ?? ''}`;
  const coming = bookings.filter((booking) => toCome(booking, today)).sort((a, b) => when(a).localeCompare(when(b)));
  const past = bookings.filter((booking) => !toCome(booking, today)).sort((a, b) => (b.startDate ?? '').localeCompare(a.startDate ?? ''));
  return [...coming, ...past];
}
