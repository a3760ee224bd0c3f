import { bankHolidaysBetween } from '#domain/bank-holidays.ts';
import { ERASED } from '#domain/limits.ts';
import { HOLDS_SLOT } from '#domain/schedule.ts';
import type { BookingView } from '#domain/views.ts';
import { personName } from '../../../offline/admin-commands.ts';
import { refusedNewJob } from '../../../offline/use-mirror.ts';
import { dayLabel, jobWhen } from '../format.ts';

/** How many of the jobs already booked on the days picked are named; the rest are counted. */
const NAMED = 3;

/**
 * Under a new job's dates (Add Manual Booking, Convert to Job): the jobs already booked (confirmed or under way) on the
 * days picked, with their hours, so the new one's hours go around them. Both forms start at 09:00–17:00, and any
 * other job that day made that a double booking, found only when it was sent; and the bank holidays among them, which
 * the month shades but a typed date does not show. Nothing while no day is picked, or the days are free; not a new job
 * the server refused (it is no job in the diary).
 */
export function BookedThen({ bookings, start, finish, id }: { bookings: readonly BookingView[]; start: string; finish: string; id?: string }) {
  const last = finish && finish >= start ? finish : start;
  const booked = start
    ? bookings
        .filter(
          (job) =>
            (HOLDS_SLOT as readonly string[]).includes(job.status) &&
            !refusedNewJob(job) &&
            job.startDate !== null &&
            job.startDate <= last &&
            (job.finishDate || job.startDate) >= start,
        )
        .sort((a, b) => `${a.startDate}${a.startTime ?? ''}`.localeCompare(`${b.startDate}${b.startTime ?? ''}`))
    : [];
  const named = booked.slice(0, NAMED).map((job) => `${job.firstName === ERASED ? 'a job (details erased)' : personName(job) || 'a job'}, ${jobWhen(job)}`);
  const more = booked.length - named.length;
  const holidays = start ? bankHolidaysBetween(start, last) : [];
  const holidayWords = holidays.slice(0, NAMED).map((holiday) => `${holiday.name} (${dayLabel(holiday.day)})`);
  // Always there, empty while nothing is booked then: a live region that appears already filled is not read out.
  return (
    <p className="admin-muted admin-booked-then field--full" id={id} role="status">
      {booked.length > 0 ? (
        <>
          <strong>Already booked then:</strong> {named.join('; ')}
          {more > 0 ? `; and ${more} more` : ''}.
        </>
      ) : null}
      {holidays.length > 0 ? (
        <>
          {booked.length > 0 ? ' ' : null}
          <strong>{holidays.length > 1 ? 'Bank holidays:' : 'Bank holiday:'}</strong> {holidayWords.join('; ')}
          {holidays.length > NAMED ? `; and ${holidays.length - NAMED} more` : ''}.
        </>
      ) : null}
    </p>
  );
}
