import type { z } from 'zod';
import { CUSTOMER_YEARS_AHEAD, addYears, lastCustomerDay, londonDay } from '../days.ts';
import { dayWords } from '../history.ts';
import { CreateBookingSchema, RequestDatesSchema, UpdateBookingSchema } from './booking.ts';
import { ConvertQuoteSchema, UpdateQuoteSchema } from './quote.ts';

/**
 * Which days may be asked for. Customers (and visitors) book from today up to two years ahead. The admin may
 * record any day within ten years either side (a job done last year, one planned far ahead), never year 1
 * or 9999, which calendars drop. The same rule serves the forms and the API: each takes `today` (the
 * business's day, Europe/London) from its own clock, so this module stays pure.
 */
export type Booker = 'customer' | 'admin';

export { CUSTOMER_YEARS_AHEAD, addYears, londonDay };
export const ADMIN_YEARS_EITHER_SIDE = 10;

export type DateWindow = { from: string; to: string; tooEarly: string; tooLate: string };

/** The first and last day `who` may choose, and what they are told otherwise. */
export function dateWindow(today: string, who: Booker): DateWindow {
  if (who === 'customer') {
    return {
      from: today,
      to: lastCustomerDay(today),
      tooEarly: 'Please choose today or a later date',
      tooLate: `Please choose a date within the next ${CUSTOMER_YEARS_AHEAD} years`,
    };
  }
  const from = addYears(today, -ADMIN_YEARS_EITHER_SIDE);
  const to = addYears(today, ADMIN_YEARS_EITHER_SIDE);
  // As people read days ("Tue 23 Nov 2016"), not as they are stored.
  const between = `Please choose a date between ${dayWords(from)} and ${dayWords(to)}`;
  return { from, to, tooEarly: between, tooLate: between };
}

/** The named date fields of `values` that fall outside the window, with their messages. */
export function dateWindowProblems(values: Readonly<Record<string, unknown>>, fields: readonly string[], window: DateWindow): Array<{ field: string; message: string }> {
  const out: Array<{ field: string; message: string }> = [];
  for (const field of fields) {
    const value = values[field];
    // A malformed date is the format check's to name (yyyy-MM-dd compares as text).
    if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) continue;
    if (value < window.from) out.push({ field, message: window.tooEarly });
    else if (value > window.to) out.push({ field, message: window.tooLate });
  }
  return out;
}

const BOOKING_DATES = ['preferredDate', 'startDate', 'finishDate'] as const;
const JOB_DATES = ['startDate', 'finishDate'] as const;

/**
 * `POST /api/bookings` (the quote form, the portal, the admin) with the dates `who` may choose. A quote's preferred
 * date is only a wish, judged from `madeOn`, the day the device made the request (X-Made-At; today when it came at
 * once): one kept overnight on a phone with no signal was refused as past, and the visitor may never come back to it.
 */
export function bookingRequestSchema(today: string, who: Booker, madeOn: string = today) {
  return bookingRequestOf(today, who, madeOn < today ? madeOn : today);
}

const bookingRequestOf = daily((today: string, who: Booker, madeOn: string) =>
  withinWindow(withinWindow(CreateBookingSchema, JOB_DATES, dateWindow(today, who)), ['preferredDate'], dateWindow(madeOn, who)),
);

/** `PATCH /api/bookings/{id}` (the admin). */
export const bookingUpdateSchema = daily((today: string) => withinWindow(UpdateBookingSchema, BOOKING_DATES, dateWindow(today, 'admin')));

/** `POST /api/bookings/{id}/dates` (the customer's own request, while it waits): the days a customer may choose. */
export const requestDatesSchema = daily((today: string) => withinWindow(RequestDatesSchema, ['startDate', 'finishDate'], dateWindow(today, 'customer')));

/** `PUT /api/quotes/{id}` (the admin): the follow-up date. */
export const quoteUpdateSchema = daily((today: string) => withinWindow(UpdateQuoteSchema, ['followUpDate'], dateWindow(today, 'admin')));

/** `POST /api/quotes/{id}/convert` (the admin): the job's dates. */
export const quoteConversionSchema = daily((today: string) => withinWindow(ConvertQuoteSchema, ['startDate', 'finishDate'], dateWindow(today, 'admin')));



/** Makes a schema once per day and kind of booker, not per request. */
function daily<A extends [string, ...string[]], S>(make: (...args: A) => S): (...args: A) => S {
  const made = new Map<string, S>();
  return (...args) => {
    const key = args.join(' ');
    let schema = made.get(key);
    if (!schema) {
      if (made.size > 16) made.clear();
      schema = make(...args);
      made.set(key, schema);
    }
    return schema;
  };
}

function withinWindow<S extends z.ZodType<Record<string, unknown>>>(schema: S, fields: readonly string[], window: DateWindow) {
  return schema.superRefine((value, ctx) => {
    for (const p of dateWindowProblems(value, fields, window)) ctx.addIssue({ code: 'custom', path: [p.field], message: p.message });
  });
}
