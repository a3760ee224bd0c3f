import { dayWords, scheduleWords } from '#domain/history.ts';
/** How the portal writes dates and times for people in the UK. */
const WHEN = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });

/** A yyyy-MM-dd day as "Mon 3 Mar 2027" (the day itself, whatever the device's time zone). */
export function formatDay(day: string | null | undefined): string {
  return day ? dayWords(day) : '';
}

/** A moment (ISO time) in the device's time zone: "3 Mar 2027, 14:05". */
export function formatWhen(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : WHEN.format(date);
}

/** The days and times of a job: "Mon 3 Mar 2027, 09:00–17:00" or a range of days (domain's scheduleWords). */
export function formatSchedule(b: { startDate: string | null; finishDate: string | null; startTime: string | null; finishTime: string | null }): string {
  return scheduleWords(b) ?? 'No dates yet';
}

const LONDON = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today in the UK as yyyy-MM-dd: the first day a customer may book (the server's rule, domain/schemas/date-window.ts). */
export function today(): string {
  return LONDON.format(new Date());
}
