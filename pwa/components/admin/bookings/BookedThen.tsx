import { HOLDS_SLOT } from '#domain/schedule.ts';
import type { BookingView } from '#domain/views.ts';
import { personName } from '../../../offline/admin-commands.ts';
import { jobWhen } from '../format.ts';

/** How many of the jobs already booked on the days picked are named; the rest are counted. */
const NAMED = 3;

/**
 * Under a new job's dates (Add Manual Booking, Convert to Job): the jobs already booked (confirmed or under way) on the
 * days picked, with their hours, so the new one's hours go around them. Both forms start at 09:00–17:00, and any
 * other job that day made that a double booking, found only when it was sent. Nothing while no day is picked, or the
 * days are free.
 */
export function BookedThen({ bookings, start, finish, id }: { bookings: readonly BookingView[]; start: string; finish: string; id?: string }) {
  if (!start) return null;
  const last = finish && finish >= start ? finish : start;
  const booked = bookings
    .filter(
      (job) => (HOLDS_SLOT as readonly string[]).includes(job.status) && job.startDate && job.startDate <= last && (job.finishDate || job.startDate) >= start,
    )
    .sort((a, b) => `${a.startDate}${a.startTime ?? ''}`.localeCompare(`${b.startDate}${b.startTime ?? ''}`));
  if (booked.length === 0) return null;
  const named = booked.slice(0, NAMED).map((job) => `${personName(job) || 'a job'}, ${jobWhen(job)}`);
  const more = booked.length - named.length;
  return (
    <p className="admin-muted admin-booked-then field--full" id={id} role="status">
      <strong>Already booked then:</strong> {named.join('; ')}
      {more > 0 ? `; and ${more} more` : ''}.
    </p>
  );
}
