import { createEvents, type EventAttributes, type EventStatus } from 'ics';
import { BUSINESS } from '#domain/business.ts';
import { daysBetween } from '#domain/days.ts';
import { serviceTypeLabel } from '#domain/content/service-types.ts';
import { bookingReference } from '#domain/reference.ts';
import type { Booking } from '#data/queries.ts';
import { BUSINESS_TIME_ZONE, addDays, dateArray, isCalendarDate, zonedTimeToUtc } from './zoned-time.ts';

/** `timestamp` (DTSTAMP) is read by the `ics` package but missing from its types. */
type IcsEvent = EventAttributes & { timestamp: number };

/** Who a calendar is for: the business (the admin's feed and download) or the booking's customer. */
export type Audience = 'business' | 'customer';

export type CalendarOptions = {
  /** The site's public URL: its host names the UIDs, so it must not change once calendars subscribed. */
  publicUrl: string;
  /** Where the business can be reached (ORGANIZER). */
  businessEmail: string;
};

/** The feed's name in calendar apps. */
export const FEED_NAME = `${BUSINESS.name} jobs`;

/**
 * Renders the admin's feed and single-booking files. The `ics` package validates every event with yup
 * (about 0.3 ms each: 600 ms for 2,000 bookings), so each booking's VEVENT is kept, keyed by
 * its whole row: a change, a status move or an erasure (which rewrites the row) renders that booking again.
 */
export class CalendarRenderer {
  readonly #options: CalendarOptions;
  #events = new Map<string, { key: string; text: string }>();

  constructor(options: CalendarOptions) {
    this.#options = options;
  }

  /**
   * The subscription feed: one VEVENT per booking that still needs the diary.
   *
   * Cancelled bookings are left out rather than sent as STATUS:CANCELLED: a subscribed calendar mirrors the
   * feed, so an event that disappears is removed by Google, Apple and Outlook alike, while a CANCELLED event
   * in a subscription is still shown by some of them (struck through or as normal) and clutters the diary.
   */
  async feed(bookings: readonly Booking[], now: Date): Promise<string> {
    const next = new Map<string, { key: string; text: string }>();
    const blocks: string[] = [];
    let rendered = 0;
    for (const b of bookings) {
      if (b.status === 'cancelled') continue;
      const key = JSON.stringify(b);
      const cached = this.#events.get(b.id);
      let text = cached?.key === key ? cached.text : undefined;
      if (text === undefined) {
        // A cold start renders every booking: let other requests in every 100 (about 30 ms).
        if (++rendered % 100 === 0) await new Promise((resolve) => setImmediate(resolve));
        text = eventBlock(b, 'business', this.#options);
      }
      if (text === undefined) continue;
      next.set(b.id, { key, text });
      blocks.push(text);
    }
    this.#events = next;
    return calendar(blocks, now, FEED_HEADERS);
  }

  /**
   * One booking as a file to import. A cancelled booking is still answered, as STATUS:CANCELLED with a higher
   * SEQUENCE, so importing it again marks the copy imported earlier (same UID) as cancelled.
   * Undefined when the booking has no dates to put in a calendar.
   */
  booking(booking: Booking, audience: Audience, now: Date): string | undefined {
    const text = eventBlock(booking, audience, this.#options);
    return text === undefined ? undefined : calendar([text], now, []);
  }
}

/** The UID of a booking's event: the same in the feed and in every download, whatever changes. */
export function bookingUid(bookingId: string, publicUrl: string): string {
  return `booking-${bookingId}@${new URL(publicUrl).hostname}`;
}

const FEED_HEADERS = [
  `X-WR-CALNAME:${FEED_NAME}`,
  `X-WR-CALDESC:Jobs booked with ${BUSINESS.name}`,
  `X-WR-TIMEZONE:${BUSINESS_TIME_ZONE}`,
  'X-PUBLISHED-TTL:PT1H',
  'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
];

/** Events are rendered with this DTSTAMP and get the real one as the calendar is put together. */
const STAMP_LINE = 'DTSTAMP:19700101T000000Z';

/**
 * A booking as a VEVENT, or undefined without a usable start date.
 * - With both a start and a finish time: one timed event from startDate startTime to finishDate finishTime,
 *   London wall-clock times converted to UTC (`…Z`) for that date, so they stay right across clock changes.
 * - A job over several days with its hours (finishing later in the day than it starts): those hours on each of its
 *   days, one event repeating daily (RRULE COUNT), so a calendar shows the working days, not the nights between
 *   them as busy (an electrician's and a customer's both read a three-day job that way). Its times are the London
 *   wall clock with TZID=Europe/London (and the zone's VTIMEZONE in the file), which keeps 08:30 at 08:30 on each
 *   day, also across a clock change (UTC times repeated daily would slip by an hour after one), and shows a
 *   calendar set to another zone the right hour: floating times, as they were, read 08:30 in Paris or New York.
 *   One UID still: a move or a cancellation replaces the whole series.
 * - Otherwise: an all-day event, DTSTART;VALUE=DATE startDate to DTEND the day after finishDate (exclusive).
 */
function bookingEvent(b: Booking, audience: Audience, options: CalendarOptions): IcsEvent | undefined {
  const startDate = usableDate(b.startDate);
  if (!startDate) return undefined;
  const finish = usableDate(b.finishDate);
  const finishDate = finish && finish >= startDate ? finish : startDate;
  const start = b.startTime ? zonedTimeToUtc(startDate, b.startTime) : undefined;
  const end = b.finishTime ? zonedTimeToUtc(finishDate, b.finishTime) : undefined;
  const days = daysBetween(startDate, finishDate) + 1;
  const daily = start && end && days > 1 && b.finishTime! > b.startTime!;
  const when = daily
    ? {
        // The wall clock's numbers written as they are (read and written as UTC, so the server's own zone never moves
        // them), then tied to Europe/London in eventBlock (zonedLines).
        start: wallClock(startDate, b.startTime!),
        end: wallClock(startDate, b.finishTime!),
        startInputType: 'utc' as const,
        startOutputType: 'utc' as const,
        endInputType: 'utc' as const,
        endOutputType: 'utc' as const,
        recurrenceRule: `FREQ=DAILY;COUNT=${days}`,
      }
    : start && end
      ? // A finish at or before the start cannot be booked; if old data has one, keep the job visible for an hour.
        { start: start.getTime(), end: Math.max(end.getTime(), start.getTime() + 60 * 60 * 1000) }
      : { start: dateArray(startDate), end: dateArray(addDays(finishDate, 1)) };
  const status = eventStatus(b.status);
  const service = text(serviceTypeLabel(b.serviceType));
  const customer = text([b.firstName, b.lastName].filter(Boolean).join(' '));
  return {
    uid: bookingUid(b.id, options.publicUrl),
    // SEQUENCE counts revisions from 0 (RFC 5545 §3.8.7.4); the stream version is 1 for a new booking.
    sequence: Math.max(0, b.version - 1),
    timestamp: 0, // see STAMP_LINE
    ...(isTime(b.createdAt) ? { created: Date.parse(b.createdAt) } : {}),
    ...(isTime(b.updatedAt) ? { lastModified: Date.parse(b.updatedAt) } : {}),
    ...when,
    title: audience === 'business' ? `${service} – ${customer}` : `${service} – ${BUSINESS.name}`,
    ...(b.address ? { location: text(b.address) } : {}),
    description: description(b, audience, service, customer),
    status,
    busyStatus: status === 'CANCELLED' ? 'FREE' : status === 'TENTATIVE' ? 'TENTATIVE' : 'BUSY',
    transp: status === 'CANCELLED' ? 'TRANSPARENT' : 'OPAQUE',
    organizer: { name: BUSINESS.name, email: options.businessEmail },
  };
}

/** A day and an HH:mm time as the `ics` package's date-time array: the wall clock's numbers. */
function wallClock(day: string, time: string): [number, number, number, number, number] {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const [h, min] = time.split(':').map(Number) as [number, number];
  return [y, m, d, h, min];
}

/** confirmed, in_progress and completed are fixed in the diary; pending is pencilled in. */
function eventStatus(status: string): EventStatus {
  if (status === 'cancelled') return 'CANCELLED';
  if (status === 'confirmed' || status === 'in_progress' || status === 'completed') return 'CONFIRMED';
  return 'TENTATIVE';
}

function description(b: Booking, audience: Audience, service: string, customer: string): string {
  const lines: Array<[string, string | null]> =
    audience === 'business'
      ? [
          ['Customer', customer],
          ['Phone', b.phone],
          ['Email', b.email],
          ['Service', service],
          ['Status', b.status.replace(/_/g, ' ')],
          ['Details', b.description],
          // The admin's own notes on the job (ADR 026): the business's feed and downloads only, never the customer's.
          ['Notes', b.notes],
        ]
      : [
          ['Service', service],
          ['Status', b.status.replace(/_/g, ' ')],
          ['Your notes', b.description],
          [BUSINESS.name, `${BUSINESS.phone} · ${BUSINESS.email}`],
        ];
  lines.push(['Booking reference', bookingReference(b.id)]);
  return lines
    .filter((l): l is [string, string] => Boolean(l[1]))
    .map(([label, value]) => `${label}: ${text(value)}`)
    .join('\n');
}

/**
 * Text as iCalendar TEXT can hold it: line breaks as \n (the `ics` package then escapes them, and backslashes,
 * commas and semicolons), other control characters dropped — a stray CR would otherwise end the line.
 */
function text(value: string): string {
  let out = '';
  for (const ch of value.replace(/\r\n?/g, '\n')) {
    const code = ch.charCodeAt(0);
    if (ch === '\n' || ch === '\t' || (code >= 0x20 && code !== 0x7f)) out += ch;
  }
  return out;
}

/**
 * A booking date a calendar can show. The schemas take any real yyyy-MM-dd; the `ics` package refuses
 * instants before 1970, and one refused event would fail the whole feed, so such bookings are left out.
 */
function usableDate(date: string | null): string | undefined {
  return date && isCalendarDate(date) && date >= '1970-01-02' && date <= '9999-12-30' ? date : undefined;
}

const isTime = (s: string | null | undefined): s is string => Boolean(s) && Date.parse(s!) >= 0;

/** A booking's VEVENT as folded CRLF lines, BEGIN to END, or undefined when it has no usable dates. */
function eventBlock(b: Booking, audience: Audience, options: CalendarOptions): string | undefined {
  const event = bookingEvent(b, audience, options);
  if (!event) return undefined;
  const lines = runIcs([event]);
  const block = lines.slice(lines.indexOf('BEGIN:VEVENT'), lines.lastIndexOf('END:VEVENT') + 1);
  return (event.recurrenceRule ? zonedLines(block) : block).map(foldLine).join('\r\n') + '\r\n';
}

/** A daily event's start and end, written as UTC from the wall clock's numbers, as London times (TZID). */
function zonedLines(lines: readonly string[]): string[] {
  return lines.map((line) => line.replace(/^(DTSTART|DTEND):(\d{8}T\d{6})Z$/, `$1;TZID=${BUSINESS_TIME_ZONE}:$2`));
}

/**
 * Europe/London as a calendar reads it (RFC 5545 §3.6.5): GMT, and BST from 01:00 UTC on the last Sunday of March to
 * 01:00 UTC on the last Sunday of October (the rule since 1996). Put in every file whose events name the zone.
 */
const LONDON_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${BUSINESS_TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0100',
  'TZNAME:BST',
  'DTSTART:19810329T010000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0000',
  'TZNAME:GMT',
  'DTSTART:19961027T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/**
 * The calendar around rendered events, stamped `now` (DTSTAMP: when this object was made, RFC 5545 §3.8.7.2,
 * for objects with a METHOD). The package's own header gets `headers` added after METHOD.
 */
function calendar(blocks: readonly string[], now: Date, headers: readonly string[]): string {
  const lines = runIcs([]);
  lines.splice(lines.indexOf('METHOD:PUBLISH') + 1, 0, ...headers);
  const end = lines.pop();
  const stamp = `DTSTAMP:${now.toISOString().replace(/[-:]|\.\d{3}/g, '')}`;
  const events = blocks.map((block) => block.replace(`\r\n${STAMP_LINE}\r\n`, `\r\n${stamp}\r\n`)).join('');
  if (events.includes(`;TZID=${BUSINESS_TIME_ZONE}:`)) lines.push(...LONDON_VTIMEZONE);
  return `${lines.map(foldLine).join('\r\n')}\r\n${events}${end}\r\n`;
}

/**
 * The `ics` package's output as unfolded lines. It folds at 75 *characters* (RFC 5545 §3.1 says octets, see
 * foldLine) and adds X-PUBLISHED-TTL to every file (only the feed should say it: FEED_HEADERS).
 */
function runIcs(events: IcsEvent[]): string[] {
  const { error, value } = createEvents(events, { productId: `-//${BUSINESS.name}//Bookings//EN`, method: 'PUBLISH' });
  if (error || value === null) throw error ?? new Error('ics produced no calendar');
  return value
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((line) => line !== '' && !line.startsWith('X-PUBLISHED-TTL:'));
}

/** RFC 5545 §3.1: lines of at most 75 octets, continued after CRLF + space; never inside a UTF-8 sequence. */
function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  let limit = 75;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
      limit = 74; // the leading space of a continuation line counts too
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}
