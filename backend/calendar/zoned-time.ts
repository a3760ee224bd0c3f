import { addDays as addCalendarDays } from '#domain/days.ts';

/** The business's time zone: every booking date and time is London wall-clock time. */
export const BUSINESS_TIME_ZONE = 'Europe/London';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The instant at which a wall clock in `timeZone` shows `date` `time` ("2026-03-29", "09:00").
 *
 * Node 24 has no `Temporal` yet, so the zone's offset comes from `Intl` (Node's bundled tz database).
 * The two edge cases follow RFC 5545 §3.3.5, which is also what calendar clients do with TZID times:
 * - a time that happens twice (the last Sunday of October, 01:00–01:59 in London) means the first one, BST;
 * - a time that never happens (the last Sunday of March, 01:00–01:59) is read with the offset before the gap,
 *   so 01:30 is 01:30 GMT = 01:30Z (02:30 BST): the job keeps its length instead of vanishing.
 * Returns undefined for text that is not a real date and time.
 */
export function zonedTimeToUtc(date: string, time: string, timeZone: string = BUSINESS_TIME_ZONE): Date | undefined {
  const wall = wallClockMs(date, time);
  if (wall === undefined) return undefined;
  const before = offsetMs(wall - DAY_MS, timeZone);
  const after = offsetMs(wall + DAY_MS, timeZone);
  const first = wall - before;
  if (before === after) return new Date(first);
  const second = wall - after;
  const firstFits = offsetMs(first, timeZone) === before;
  const secondFits = offsetMs(second, timeZone) === after;
  if (firstFits && secondFits) return new Date(Math.min(first, second));
  if (secondFits && !firstFits) return new Date(second);
  return new Date(first);
}

/** Whether `date` is a real calendar date written yyyy-MM-dd. */
export function isCalendarDate(date: string): boolean {
  return dateParts(date) !== undefined;
}

/** The yyyy-MM-dd date `days` after `date` (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  if (!dateParts(date)) throw new Error(`not a date: ${date}`);
  return addCalendarDays(date, days);
}

/** A yyyy-MM-dd date as the [year, month, day] the `ics` package takes for all-day events. */
export function dateArray(date: string): [number, number, number] {
  const parts = dateParts(date);
  if (!parts) throw new Error(`not a date: ${date}`);
  return parts;
}

function dateParts(date: string): [number, number, number] | undefined {
  const m = ISO_DATE.exec(date);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(y, mo - 1, d));
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return undefined;
  return [y, mo, d];
}

/** The wall-clock reading as if it were UTC, in ms: the common ground for offset arithmetic. */
function wallClockMs(date: string, time: string): number | undefined {
  const d = dateParts(date);
  const t = HH_MM.exec(time);
  if (!d || !t) return undefined;
  return Date.UTC(d[0], d[1] - 1, d[2], Number(t[1]), Number(t[2]));
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** How far `timeZone`'s wall clock is ahead of UTC at the instant `utcMs` (BST: +1 h). */
function offsetMs(utcMs: number, timeZone: string): number {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, format);
  }
  const part: Record<string, number> = {};
  for (const p of format.formatToParts(new Date(utcMs))) if (p.type !== 'literal') part[p.type] = Number(p.value);
  const shown = Date.UTC(part['year']!, part['month']! - 1, part['day']!, part['hour']!, part['minute']!, part['second']!);
  return shown - Math.floor(utcMs / 1000) * 1000;
}
