import { sameService, serviceTypeLabel } from '#domain/content/service-types.ts';
import { samePlace, shareADay, stillToDo } from '#domain/schedule.ts';
import type { BookingView } from '#domain/views.ts';
import { formatSchedule } from './format.ts';

/** What a new booking is, as far as it has been typed (its address may be left out: Quick booking has the last one's). */
export type NewWork = { serviceType: string; start: string; finish: string; address?: string | undefined; editing?: string | undefined };

/**
 * The customer's own booking of the same service, still to do, whose days meet the new one's and which is not at another
 * address (none until the service and a day are picked); never the booking being corrected (`editing`).
 */
export function bookedAlready(bookings: readonly BookingView[] | undefined, work: NewWork): BookingView | undefined {
  if (!bookings || !work.serviceType || !work.start) return undefined;
  const days = { startDate: work.start, finishDate: work.finish && work.finish >= work.start ? work.finish : work.start };
  return bookings.find(
    (booking) =>
      booking.id !== work.editing &&
      sameService(booking.serviceType, work.serviceType) &&
      stillToDo(booking) &&
      shareADay(booking, days) &&
      samePlace(booking.address, work.address ?? null),
  );
}

/**
 * Under a new booking's days (New Booking, Quick booking): the customer's own booking of the same work on those days,
 * when there is one. Booked again from another device, or again when the first seemed not to go, it reached the
 * electrician as two jobs for one visit (the admin's "Booked twice?"); where to change it is said. Always on the page
 * (out of the form's grid while empty: form-live), so that it is read out as it fills.
 */
export function AlreadyBooked({ bookings, work }: { bookings: readonly BookingView[] | undefined; work: NewWork }) {
  const same = bookedAlready(bookings, work);
  return (
    <p className={`field--full form-live${same ? ' portal-note' : ''}`} role="status">
      {same ? (
        <>
          You already have a booking for {serviceTypeLabel(same.serviceType)} on these days: {formatSchedule(same)}. To change it or add to the work, see it
          under My Bookings; book again only for separate work.
        </>
      ) : null}
    </p>
  );
}
