/**
 * Days as yyyy-MM-dd text, with no zod, and the UK's today: for the forms' date pickers as much as for the server's date
 * window (schemas/date-window.ts), so that both start and end on the same day.
 */

/** How far ahead customers (and visitors) may book: the last day is today's date that many years on. */
export const CUSTOMER_YEARS_AHEAD = 2;

/** `yyyy-MM-dd` plus whole years; 29 February becomes 28 February in a common year. */
export function addYears(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const year = y + years;
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** The last day a customer may book, from `today` (the UK's): the server refuses a day after it. */
export function lastCustomerDay(today: string): string {
  return addYears(today, CUSTOMER_YEARS_AHEAD);
}

const LONDON_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' });

let lastMinute = Number.NaN;
let lastDay = '';

/** The day it is in the UK at `at` (yyyy-MM-dd): what "today" means for bookings. Formatted once a minute at most. */
export function londonDay(at: Date): string {
  const minute = Math.floor(at.getTime() / 60_000);
  if (minute !== lastMinute) {
    lastDay = LONDON_DAY.format(at);
    lastMinute = minute;
  }
  return lastDay;
}

const LONDON_HOUR = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', hourCycle: 'h23' });

/** The hour it is in the UK at `at` (0–23). */
export function londonHour(at: Date): number {
  return Number(LONDON_HOUR.format(at));
}

/**
 * A yyyy-MM-dd day plus `days` calendar days (negative: earlier); never counted in 24-hour steps, which a clock change
 * upsets. Read as an ISO date, whose years are as written: `Date.UTC` takes a year 0–99 for 1900–1999, and a date field
 * being typed passes through 0002, 0020 and 0202 on its way to 2028.
 */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** How many days `to` is after `from` (yyyy-MM-dd; negative when before). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** The day after a yyyy-MM-dd day. */
export function dayAfter(day: string): string {
  return addDays(day, 1);
}

/**
 * From this hour, UK time, Quick booking no longer offers today: its job is a whole day, 09:00–17:00, and an
 * afternoon's request for one that day could only be refused (the customer is told to ring for today instead).
 */
export const QUICK_TODAY_UNTIL_HOUR = 12;

/** The first day Quick booking offers at `now`: today in the UK in the morning, tomorrow from midday. */
export function firstQuickDay(now: Date): string {
  const today = londonDay(now);
  return londonHour(now) < QUICK_TODAY_UNTIL_HOUR ? today : dayAfter(today);
}
