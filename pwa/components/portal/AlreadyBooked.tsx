import { serviceTypeLabel } from '#domain/content/service-types.ts';
import { shareADay, stillToDo } from '#domain/schedule.ts';
import type { BookingView } from '#domain/views.ts';
import { formatSchedule } from './format.ts';

/** The customer's own booking of `serviceType`, still to do, whose days meet `start`..`finish` (none until both are picked). */
export function bookedAlready(bookings: readonly BookingView[] | undefined, serviceType: string, start: string, finish: string): BookingView | undefined {
  if (!bookings || !serviceType || !start) return undefined;
  const days = { startDate: start, finishDate: finish && finish >= start ? finish : start };
  return bookings.find((booking) => booking.serviceType === serviceType && stillToDo(booking) && shareADay(booking, days));
}

/**
 * Under a new booking's days (New Booking, Quick booking): the customer's own booking of the same work on those days,
 * when there is one. Booked again from another device, or again when the first seemed not to go, it reached the
 * electrician as two jobs for one visit (the admin's "Booked twice?"); the way to move or add to the first is said.
 * Kept on the page, empty and hidden while there is none, so that it is read out as it fills.
 */
export function AlreadyBooked({
  bookings,
  serviceType,
  start,
  finish,
}: {
  bookings: readonly BookingView[] | undefined;
  serviceType: string;
  start: string;
  finish: string;
}) {
  const same = bookedAlready(bookings, serviceType, start, finish);
  return (
    <p className="portal-note field--full portal-already" role="status" hidden={!same}>
      {same ? (
        <>
          You already have a {serviceTypeLabel(same.serviceType)} booking on these days: {formatSchedule(same)}. To move it or add to the work, open it under My
          Bookings; book again only for separate work.
        </>
      ) : null}
    </p>
  );
}
