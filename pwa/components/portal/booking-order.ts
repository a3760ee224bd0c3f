type Dated = {
  readonly startDate: string | null;
  readonly finishDate: string | null;
  readonly startTime: string | null;
  readonly status: string;
  readonly waiting?: { readonly state: string } | undefined;
};

/** Whether a booking is work still to come on `today` (yyyy-MM-dd): under way, or not done, not called off, its last day not gone by. */
function toCome(booking: Dated, today: string): boolean {
  if (booking.status === 'in_progress') return true;
  if (booking.status === 'completed' || booking.status === 'cancelled') return false;
  const last = booking.finishDate ?? booking.startDate;
  return last === null || last >= today;
}

/**
 * Where a booking goes in My Bookings, as text that sorts: first one the server refused as it was sent (the customer has
 * something to do about it), then the work still to come, soonest first (what a customer looks for: when are they
 * coming?), then the rest, the latest work first. The newest-made first, as the list came, put a December job below
 * three in January around the year's end. A booking with no dates yet goes at the end of its group.
 */
export function orderKey(booking: Dated, today: string): string {
  if (booking.waiting?.state === 'failed') return '0';
  if (toCome(booking, today)) return `1 ${booking.startDate ?? '9999-12-31'} ${booking.startTime ?? ''}`;
  // Latest first: the day's digits counted down.
  return `2 ${booking.startDate ? String(99_999_999 - Number(booking.startDate.replaceAll('-', ''))).padStart(8, '0') : '99999999'}`;
}

/** `bookings` in My Bookings' order (orderKey); ties keep the order they came in. */
export function customerOrder<T extends Dated>(bookings: readonly T[], today: string): T[] {
  return [...bookings].sort((a, b) => orderKey(a, today).localeCompare(orderKey(b, today)));
}
