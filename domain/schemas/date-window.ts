import type { z } from 'zod';
import { CreateBookingSchema, UpdateBookingSchema } from './booking.ts';
import { isIsoDate } from './fields.ts';
import { ConvertQuoteSchema, UpdateQuoteSchema } from './quote.ts';

/**
 * Which days may be asked for. Customers (and visitors) book from today up to two years ahead. The admin may
 * record any day within ten years either side (a job done last year, one planned far ahead), never year 1
 * or 9999, which calendars drop. The same rule serves the forms and the API: each takes `today` (the
 * business's day, Europe/London) from its own clock, so this module stays pure.
 */
export type Booker = 'customer' | 'admin';

export const CUSTOMER_YEARS_AHEAD = 2;
export const ADMIN_YEARS_EITHER_SIDE = 10;

export type DateWindow = { from: string; to: string; tooEarly: string; tooLate: string };

/** The first and last day `who` may choose, and what they are told otherwise. */
export function dateWindow(today: string, who: Booker): DateWindow {
  if (who === 'customer') {
    return {
      from: today,
      to: addYears(today, CUSTOMER_YEARS_AHEAD),
      tooEarly: 'Please choose today or a later date',
      tooLate: `Please choose a date within the next ${CUSTOMER_YEARS_AHEAD} years`,
    };
  }
  const from = addYears(today, -ADMIN_YEARS_EITHER_SIDE);
  const to = addYears(today, ADMIN_YEARS_EITHER_SIDE);
  const between = `Please choose a date between ${from} and ${to}`;
  return { from, to, tooEarly: between, tooLate: between };
}

/** The named date fields of `values` that fall outside the window, with their messages (a malformed date is the format check's). */
export function dateWindowProblems(values: Readonly<Record<string, unknown>>, fields: readonly string[], window: DateWindow): Array<{ field: string; message: string }> {
  const out: Array<{ field: string; message: string }> = [];
  for (const field of fields) {
    const value = values[field];
    if (typeof value !== 'string' || !isIsoDate(value)) continue;
    if (value < window.from) out.push({ field, message: window.tooEarly });
    else if (value > window.to) out.push({ field, message: window.tooLate });
  }
  return out;
}

const BOOKING_DATES = ['preferredDate', 'startDate', 'finishDate'] as const;

/** `POST /api/bookings` (the quote form, the portal, the admin) with the dates `who` may choose. */
export const bookingRequestSchema = (today: string, who: Booker) => withinWindow(CreateBookingSchema, BOOKING_DATES, dateWindow(today, who));

/** `PATCH /api/bookings/{id}` (the admin). */
export const bookingUpdateSchema = (today: string) => withinWindow(UpdateBookingSchema, BOOKING_DATES, dateWindow(today, 'admin'));

/** `PUT /api/quotes/{id}` (the admin): the follow-up date. */
export const quoteUpdateSchema = (today: string) => withinWindow(UpdateQuoteSchema, ['followUpDate'], dateWindow(today, 'admin'));

/** `POST /api/quotes/{id}/convert` (the admin): the job's dates. */
export const quoteConversionSchema = (today: string) => withinWindow(ConvertQuoteSchema, ['startDate', 'finishDate'], dateWindow(today, 'admin'));

/** The day it is in the UK at `at` (yyyy-MM-dd): what "today" means for bookings. */
export function londonDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** `yyyy-MM-dd` plus whole years; 29 February becomes 28 February in a common year. */
export function addYears(day: string, years: number): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const year = y + years;
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

function withinWindow<S extends z.ZodType<Record<string, unknown>>>(schema: S, fields: readonly string[], window: DateWindow) {
  return schema.superRefine((value, ctx) => {
    for (const p of dateWindowProblems(value, fields, window)) ctx.addIssue({ code: 'custom', path: [p.field], message: p.message });
  });
}
