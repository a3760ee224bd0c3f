import type { BookingView } from '#domain/views.ts';
import { addDays } from '../format.ts';

/** The days a month view shows: whole weeks, Monday first, from the week of the 1st to the week of the last day. */
export function monthDays(month: string): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const first = `${month}-01`;
  const weekday = (new Date(Date.UTC(y, m - 1, 1)).getUTCDay() + 6) % 7;
  const last = new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
  const days: string[] = [];
  for (let day = addDays(first, -weekday); day <= last || days.length % 7 !== 0; day = addDays(day, 1)) days.push(day);
  return days;
}

/** 'yyyy-MM' moved by `delta` months. */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + delta, 1)).toISOString().slice(0, 7);
}

/** Whether a job is on a day: its start to its finish (a job without a finish is one day). */
export function onDay(job: Pick<BookingView, 'startDate' | 'finishDate'>, day: string): boolean {
  return job.startDate !== null && job.startDate <= day && (job.finishDate ?? job.startDate) >= day;
}

/** The jobs on each day of `days`, earliest start time first. */
export function jobsByDay<T extends BookingView>(bookings: readonly T[], days: readonly string[]): Map<string, T[]> {
  const first = days[0] ?? '';
  const last = days[days.length - 1] ?? '';
  const map = new Map<string, T[]>(days.map((day) => [day, []]));
  for (const job of bookings) {
    if (!job.startDate || job.startDate > last || (job.finishDate ?? job.startDate) < first) continue;
    for (const day of days) if (onDay(job, day)) map.get(day)!.push(job);
  }
  for (const list of map.values()) list.sort((a, b) => (a.startTime ?? '').localeCompare(b.startTime ?? ''));
  return map;
}
