import { bookingReference } from '#domain/reference.ts';
import type { Queries } from '#data/queries.ts';
import { CalendarRenderer } from '../calendar/ics.ts';
import type { Attacher } from './sender.ts';

/**
 * The calendar file of the booking a mail names (`body.calendar`): the customer's, as the portal's "Add to calendar"
 * gives it, made when the mail is sent, so it has the booking as it is then (a cancelled one as CANCELLED, which
 * takes a copy imported earlier out of their calendar). A customer booked on the phone has no portal: this is
 * their way to put the job in their calendar.
 */
export function calendarAttacher(queries: Queries, options: { publicUrl: string; businessEmail: string }, clock: () => Date): Attacher {
  const renderer = new CalendarRenderer(options);
  return (mail) => {
    const id = mail.body?.calendar?.bookingId;
    const booking = id ? queries.booking(id) : undefined;
    const content = booking ? renderer.booking(booking, 'customer', clock()) : undefined;
    if (!booking || content === undefined) return [];
    return [{ filename: `booking-${bookingReference(booking.id)}.ics`, content, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }];
  };
}
