import Papa from 'papaparse';
import { serviceTypeLabel } from '#domain/content/service-types.ts';
import { typedPounds } from '#domain/money.ts';
import { PAYMENT_WORDS, type PaymentMethod } from '#domain/payment.ts';
import { phoneDigits, ukPhoneGroups } from '#domain/phone.ts';
import { bookingReference } from '#domain/reference.ts';
import type { BookingView, QuoteView } from '#domain/views.ts';
import { sourceWords, today } from '../format.ts';
import { jobsOn } from './month.ts';

/** The exports of the calendar tab (seed point 2): every booking, and the quick ones. */
export type ExportKind = 'all' | 'today' | 'pending' | 'upcoming';

/** The seed's words when a quick export has nothing in it (point 8), as toast title and description. */
export const EMPTY_EXPORT: Readonly<Record<ExportKind, { title: string; description: string }>> = {
  all: { title: 'No bookings yet', description: 'There is nothing to export.' },
  today: { title: 'No bookings today', description: 'There are no jobs booked for today.' },
  pending: { title: 'No pending bookings', description: 'All bookings are processed' },
  upcoming: { title: 'No upcoming bookings', description: 'There are no jobs today or later.' },
};

/**
 * Which bookings each export holds. Today's: the day's plan, as the calendar shows it (not cancelled, by start time);
 * upcoming: the jobs still to do, neither cancelled nor completed, whose last day is today or later (today's, and one
 * that began last week and runs until tomorrow), soonest first by day and then by time. A job finished this morning is
 * not upcoming, and today's came out in the order they were booked, 15:00 before 09:00.
 */
export function bookingsFor(kind: ExportKind, bookings: readonly BookingView[], day: string = today()): BookingView[] {
  switch (kind) {
    case 'all':
      return [...bookings];
    case 'today':
      return jobsOn(bookings, day);
    case 'pending':
      return bookings.filter((b) => (b.status || 'pending') === 'pending');
    case 'upcoming':
      return bookings
        .filter((b) => b.startDate !== null && (b.finishDate || b.startDate) >= day && b.status !== 'cancelled' && b.status !== 'completed')
        .sort((a, b) => a.startDate!.localeCompare(b.startDate!) || (a.startTime ?? '').localeCompare(b.startTime ?? ''));
  }
}

/** What a row knows besides its booking: the price of the quote the job was made from, when the device has it. */
type Extra = { price: string | null };

/** The columns, in the order a spreadsheet shows them. Days stay yyyy-MM-dd and times HH:mm, as the app shows them. */
const COLUMNS: ReadonlyArray<[string, (b: BookingView, extra: Extra) => string]> = [
  ['Reference', (b) => referenceCell(bookingReference(b.id))],
  ['First name', (b) => b.firstName],
  ['Last name', (b) => b.lastName ?? ''],
  ['Email', (b) => b.email ?? ''],
  ['Phone', (b) => phoneCell(b.phone)],
  ['Service', (b) => serviceTypeLabel(b.serviceType)],
  ['Status', (b) => (b.status || 'pending').replace(/_/g, ' ')],
  // A job made from a quote: its agreed price as a plain number, so a spreadsheet can add up the month's work.
  ['Quoted price (£)', (_b, { price }) => priceCell(price)],
  // Marked paid (ADR 038): the day, and how, so the month's takings can be summed and checked against the bank.
  ['Paid on', (b) => b.paidOn ?? ''],
  ['Paid by', (b) => (b.paidOn && b.paidBy && b.paidBy in PAYMENT_WORDS ? PAYMENT_WORDS[b.paidBy as PaymentMethod] : '')],
  ['Start date', (b) => b.startDate ?? ''],
  ['Finish date', (b) => b.finishDate ?? ''],
  ['Start time', (b) => b.startTime ?? ''],
  ['Finish time', (b) => b.finishTime ?? ''],
  ['Preferred date', (b) => b.preferredDate ?? ''],
  ['Address', (b) => b.address ?? ''],
  ['Details', (b) => b.description ?? ''],
  // The admin's own notes on the job: the export is the admin's, from the tablet's copy.
  ['Notes', (b) => b.notes ?? ''],
  ['Source', (b) => sourceWords(b)],
  ['Created', (b) => londonMinute(b.createdAt)],
];

/**
 * The CSV text (papaparse): a header row, one row per booking, CRLF line ends, a UTF-8 byte-order mark so Excel
 * and LibreOffice read £ and accents right. A cell that starts with = + - @, a tab or a carriage return is
 * prefixed with ' so no spreadsheet runs it as a formula (OWASP CSV injection); papaparse's own pattern misses
 * such a cell when it also holds a line break, so ours looks at the first character only.
 */
export function toCsv(bookings: readonly BookingView[], quotes: readonly Pick<QuoteView, 'id' | 'estimatedCost'>[] = []): string {
  const prices = new Map(quotes.map((quote) => [quote.id, quote.estimatedCost]));
  const row = (b: BookingView) => {
    const extra = { price: b.quoteId ? (prices.get(b.quoteId) ?? null) : null };
    return COLUMNS.map(([, cell]) => cell(b, extra));
  };
  const csv = Papa.unparse(
    { fields: COLUMNS.map(([name]) => name), data: bookings.map(row) },
    { escapeFormulae: /^[=+\-@\t\r]/, newline: '\r\n', quotes: false },
  );
  return `\uFEFF${csv}`;
}

/** Saves the CSV through the browser's download (no server: it works offline from the tablet's copy). */
export function download(csv: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A booking reference that every spreadsheet keeps as it is. A reference is eight hex digits; about one in twenty-five
 * is all digits ('27157741', '03532754') or digits round one e ('578621e6'), which Excel, LibreOffice and Google
 * Sheets take for a number (3532754, 5.78621E+11), and 'dec' or 'feb' between digits may be taken for a date. Those
 * are written with a '#' before them ('#03532754'), which no spreadsheet reads as a number, a date or a formula. Why
 * that: all eight characters stay together, so searching the sheet for the reference the customer quotes finds it (a
 * space in the middle would not), and the formula guard stays whole (Excel's `="03532754"` is itself a formula, and a
 * leading ' would show as a stray character in Excel). The other references are left as the card and calendar show them.
 */
export function referenceCell(reference: string): string {
  return /^\d+(e\d+)?$/i.test(reference) || /\d(dec|feb)|(dec|feb)\d/i.test(reference) ? `#${reference}` : reference;
}

/**
 * A phone number that stays text, with its leading 0: a UK number in its usual groups ('01632960207' and
 * '+44 1632 960207' both as '01632 960207'; the space makes it text to every spreadsheet), other digits-only numbers
 * with a space after the fifth digit, anything else (words, a foreign '+33 …') as typed (the formula guard then
 * neutralises a leading +).
 */
export function phoneCell(phone: string | null): string {
  if (!phone) return '';
  const typed = phone.trim();
  if (!/^[\d\s()+.-]+$/.test(typed)) return phone;
  const digits = phoneDigits(typed);
  const grouped = ukPhoneGroups(digits);
  if (grouped) return grouped;
  if (/^\d{2,}$/.test(typed)) return `${typed.slice(0, Math.min(5, typed.length - 1))} ${typed.slice(Math.min(5, typed.length - 1))}`;
  return phone;
}

function londonMinute(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts['year']}-${parts['month']}-${parts['day']} ${parts['hour']}:${parts['minute']}`;
}

/**
 * A price as a number every spreadsheet adds up: '1250.50' (the server's form) as it is, '£1,250.50' (a change still
 * waiting on the device, as typed) without its £ and commas; anything else as it is.
 */
export function priceCell(price: string | null): string {
  if (!price) return '';
  const plain = typedPounds(price);
  return /^\d+(\.\d{1,2})?$/.test(plain) ? plain : price;
}
