import type { RecordedEvent } from './events.ts';
import { PAYMENT_WORDS } from './payment.ts';

/** What a changed booking field is called in a history line, for the admin and the customer alike. */
export const BOOKING_FIELD_WORDS: Readonly<Record<string, string>> = {
  firstName: 'first name',
  lastName: 'last name',
  email: 'email address',
  phone: 'phone number',
  serviceType: 'service',
  preferredDate: 'preferred date',
  preferredTime: 'preferred time',
  startDate: 'start date',
  finishDate: 'finish date',
  startTime: 'start time',
  finishTime: 'finish time',
  address: 'address',
  description: 'description',
  attachments: 'files',
};

const status = (s: string): string => s.replace(/_/g, ' ');

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A yyyy-MM-dd day as people in the UK write it, "Mon 4 Jan 2027" (the day itself, in any time zone; the same
 * words whatever the runtime's ICU, which writes "Mon, 4 Jan" in Node and "Mon 4 Jan" in Chromium); other text as it is.
 */
export function dayWords(day: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return `${WEEKDAYS[new Date(Date.UTC(y, m - 1, d)).getUTCDay()] ?? ''} ${d} ${MONTHS[m - 1] ?? ''} ${y}`;
}

/** One day, or a range of days: "Mon 4 Jan 2027 to Wed 6 Jan 2027". */
export function daysWords(start: string, finish: string): string {
  return start === finish || finish === '' ? dayWords(start) : `${dayWords(start)} to ${dayWords(finish)}`;
}

/**
 * A booking's days and hours: "Mon 4 Jan 2027, 09:00–17:00", or a range of days with them; null without a start day.
 * The portal's cards and the mails write a booking's schedule with it.
 */
export function scheduleWords(b: { startDate?: string | null; finishDate?: string | null; startTime?: string | null; finishTime?: string | null }): string | null {
  if (!b.startDate) return null;
  const days = daysWords(b.startDate, b.finishDate ?? b.startDate);
  return b.startTime && b.finishTime ? `${days}, ${b.startTime}–${b.finishTime}` : days;
}

/** A job's days and hours, as its events last set them. */
export type Schedule = { startDate: string; finishDate: string; startTime: string; finishTime: string };

type ScheduleChange = { startDate?: string | null; finishDate?: string | null; startTime?: string | null; finishTime?: string | null };

/** The days and hours after a change that holds only what moved. */
function changed(schedule: Schedule, d: ScheduleChange): Schedule {
  return {
    startDate: d.startDate ?? schedule.startDate,
    finishDate: d.finishDate ?? schedule.finishDate,
    startTime: d.startTime ?? schedule.startTime,
    finishTime: d.finishTime ?? schedule.finishTime,
  };
}

/**
 * Each of a booking's events (in order) with the job's days and hours just before it, which a history line about a
 * move needs to say where the job was: the event holds only what changed. Undefined before the booking's first event.
 */
export function withSchedules(events: readonly RecordedEvent[]): { event: RecordedEvent; before: Schedule | undefined }[] {
  let schedule: Schedule | undefined;
  return events.map((event) => {
    const before = schedule;
    if (event.type === 'BookingRequested') {
      const { startDate, finishDate, startTime, finishTime } = event.data;
      schedule = { startDate, finishDate, startTime, finishTime };
    } else if (event.type === 'BookingDetailsChanged' && schedule) {
      schedule = changed(schedule, event.data);
    }
    return { event, before };
  });
}

/**
 * Where a change of a job's days or hours moved it, as a history line adds it after the fields it names. With the
 * days and hours it had (`before`): " (was Mon 4 Jan 2027, 09:00–17:00; now Tue 5 Jan 2027, 13:00–15:30)", the whole
 * of both, so a line read on its own says from where to where. Without them, what the event holds: " (now Tue 5 Jan
 * 2027 to Fri 8 Jan 2027, 13:00–15:30)", and one day moved says which end it was ("now finishing Fri 8 Jan 2027").
 * Empty when neither moved.
 */
export function movedWords(d: ScheduleChange, before?: Schedule): string {
  if (before && (d.startDate || d.finishDate || d.startTime || d.finishTime)) {
    return ` (was ${scheduleWords(before) ?? ''}; now ${scheduleWords(changed(before, d)) ?? ''})`;
  }
  const days =
    d.startDate && d.finishDate ? daysWords(d.startDate, d.finishDate) : d.startDate ? `starting ${dayWords(d.startDate)}` : d.finishDate ? `finishing ${dayWords(d.finishDate)}` : '';
  const hours = d.startTime && d.finishTime ? `${d.startTime}–${d.finishTime}` : d.startTime ? `from ${d.startTime}` : d.finishTime ? `until ${d.finishTime}` : '';
  const now = [days, hours].filter(Boolean).join(', ');
  return now ? ` (now ${now})` : '';
}

/**
 * One line of a booking's history in words, for the admin's timeline. Pure: it reads only the event, and for a move
 * the days and hours the job had before it (withSchedules).
 */
export function describeBookingEvent(event: RecordedEvent, before?: Schedule): { summary: string; fields?: string[] } {
  switch (event.type) {
    case 'BookingRequested': {
      const d = event.data;
      const how = d.source === 'quote' ? 'Booked from a quote' : d.isManualBooking ? 'Manual booking added' : 'Booking requested';
      return { summary: `${how} for ${daysWords(d.startDate, d.finishDate)}, status ${status(d.status)}` };
    }
    case 'BookingStatusChanged':
      return { summary: `Status changed from ${status(event.data.from)} to ${status(event.data.to)}` };
    case 'BookingDetailsChanged': {
      const fields = Object.keys(event.data).filter((k) => k !== 'bookingId');
      return { summary: `Changed ${fields.map((f) => BOOKING_FIELD_WORDS[f] ?? f).join(', ')}${movedWords(event.data, before)}`, fields };
    }
    case 'BookingNotesChanged':
      // Not the words: the history is a list of who did what, and the card shows the notes as they are now.
      return { summary: event.data.notes === null ? 'Notes cleared' : 'Notes changed' };
    case 'BookingPaymentRecorded': {
      const { paidOn, method } = event.data;
      return { summary: paidOn === null ? 'Marked not paid' : `Marked paid${method ? ` by ${PAYMENT_WORDS[method]}` : ''} on ${dayWords(paidOn)}` };
    }
    case 'MessagePosted':
      return { summary: event.data.isFromAdmin ? 'The team sent a message' : 'The customer sent a message' };
    case 'ChatMarkedNoReplyNeeded':
      return { summary: 'Marked the customer’s message as needing no reply' };
    case 'ChatMarkedReplyNeeded':
      return { summary: 'Took back “no reply needed”: the customer’s message waits for a reply again' };
    case 'BookingReminderSent':
      return { summary: `Reminder emailed to the customer for ${dayWords(event.data.startDate)}` };
    default:
      return { summary: event.type };
  }
}
