import { serviceTypeLabel } from '#domain/content/service-types.ts';
import { addDays, daysBetween } from '#domain/days.ts';
import { bookingReference } from '#domain/reference.ts';
import type { BookingView } from '#domain/views.ts';

/**
 * "Add to Google Calendar" for one job (seed point 7: an external calendar link carrying title, dates,
 * details and location). Times are the job's UK wall-clock times, given to Google with `ctz=Europe/London`, so
 * they land right whatever the tablet's own zone; a job of several days with its hours is those hours on each day
 * (repeating daily, as in the calendar feed); a job without both times is an all-day event (Google's end day is
 * exclusive). Null when the job has no dates.
 */
export function googleCalendarUrl(job: BookingView): string | null {
  if (!job.startDate) return null;
  const finish = job.finishDate && job.finishDate >= job.startDate ? job.finishDate : job.startDate;
  const day = (d: string) => d.replace(/-/g, '');
  const time = (t: string) => `${t.replace(':', '')}00`;
  // A job of several days with its hours: those hours on each day (Google's `recur`), as the calendar feed has it.
  const days = daysBetween(job.startDate, finish) + 1;
  const daily = Boolean(job.startTime && job.finishTime && days > 1 && job.finishTime > job.startTime);
  const dates = daily
    ? `${day(job.startDate)}T${time(job.startTime!)}/${day(job.startDate)}T${time(job.finishTime!)}`
    : job.startTime && job.finishTime
      ? `${day(job.startDate)}T${time(job.startTime)}/${day(finish)}T${time(job.finishTime)}`
      : `${day(job.startDate)}/${day(addDays(finish, 1))}`;
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: jobTitle(job),
    dates,
    details: jobDetails(job),
    ctz: 'Europe/London',
  });
  if (job.address) params.set('location', job.address);
  if (daily) params.set('recur', `RRULE:FREQ=DAILY;COUNT=${days}`);
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

/** 'Rewiring – Alice Able': the service and the customer, as the calendar feed names jobs. */
export function jobTitle(job: Pick<BookingView, 'serviceType' | 'firstName' | 'lastName'>): string {
  return `${serviceTypeLabel(job.serviceType)} – ${`${job.firstName} ${job.lastName ?? ''}`.trim()}`;
}

function jobDetails(job: BookingView): string {
  const lines: Array<[string, string | null]> = [
    ['Customer', `${job.firstName} ${job.lastName ?? ''}`.trim()],
    ['Phone', job.phone],
    ['Email', job.email],
    ['Service', serviceTypeLabel(job.serviceType)],
    ['Status', job.status.replace(/_/g, ' ')],
    ['Details', job.description],
    ['Booking reference', bookingReference(job.id)],
  ];
  return lines
    .filter((line): line is [string, string] => Boolean(line[1]))
    .map(([label, value]) => `${label}: ${value}`)
    .join('\n');
}
