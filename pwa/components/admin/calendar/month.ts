import { addDays } from '#domain/days.ts';
import type { BookingView } from '#domain/views.ts';
import { onDay } from '../bookings/order.ts';

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

/**
 * The jobs on each day of `days` that will happen (cancelled ones are left out, as in the job list's "today": the
 * grid, the day's panel, its printed sheet and Today's export are the day's plan), earliest start time first.
 */
export function jobsByDay<T extends BookingView>(bookings: readonly T[], days: readonly string[]): Map<string, T[]> {
  const first = days[0] ?? '';
  const last = days[days.length - 1] ?? '';
  const map = new Map<string, T[]>(days.map((day) => [day, []]));
  for (const job of bookings) {
    if (!job.startDate || job.startDate > last || (job.finishDate ?? job.startDate) < first) continue;
    for (const day of days) if (onDay(job, day)) map.get(day)!.push(job);
  }
  for (const list of map.values()) list.sort(byStartTime);
  return map;
}

/** The jobs of one day that will happen, earliest start time first (the day's panel, Today's export). */
export function jobsOn<T extends BookingView>(bookings: readonly T[], day: string): T[] {
  return bookings.filter((job) => onDay(job, day)).sort(byStartTime);
}

function byStartTime(a: Pick<BookingView, 'startTime'>, b: Pick<BookingView, 'startTime'>): number {
  return (a.startTime ?? '').localeCompare(b.startTime ?? '');
}
