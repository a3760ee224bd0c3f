import type { EventType, RecordedEvent } from './events.ts';
import { joinWords } from './content/shared.ts';
import { BOOKING_FIELD_WORDS, dayWords, daysWords as days, movedWords, type Schedule } from './history.ts';
import { SCHEDULE_FIELDS } from './schedule.ts';

/**
 * Events of a booking's streams that are the business's own, never shown to its customer (their timeline and their
 * data export leave them out): the admin marking their message as needing no reply, or taking that back (ADR 027), and the admin's own
 * notes on the job (ADR 026) — not even that they changed.
 */
const BUSINESS_ONLY: ReadonlySet<EventType> = new Set<EventType>(['ChatMarkedNoReplyNeeded', 'ChatMarkedReplyNeeded', 'BookingNotesChanged', 'BookingPaymentRecorded']);

/** Whether a booking's customer is shown this event in their history. */
export function customerSees(event: RecordedEvent): boolean {
  return !BUSINESS_ONLY.has(event.type);
}

/** A booking status as the customer reads a change to it. */
const STATUS_WORDS: Readonly<Record<string, string>> = {
  pending: 'Your booking is waiting for our confirmation',
  confirmed: 'We confirmed your booking',
  in_progress: 'We started the work',
  completed: 'The job is done',
  cancelled: 'The booking was cancelled',
};

/** A change of a job's days or hours in a word or three: 'finish date' alone, else 'dates', 'times' or 'dates and times'. */
function timingWords(fields: readonly string[]): string {
  if (fields.length === 1) return BOOKING_FIELD_WORDS[fields[0]!] ?? fields[0]!;
  const dates = fields.includes('startDate') || fields.includes('finishDate');
  const times = fields.includes('startTime') || fields.includes('finishTime');
  return dates && times ? 'dates and times' : dates ? 'dates' : 'times';
}

/**
 * One line of a booking's history in the customer's own words ("We confirmed your booking", "You sent us a
 * message"), for their portal. Pure: it reads only the event and who is asking. Unlike the admin's history
 * (domain/history.ts) it never names a member of staff: the business speaks as "we".
 */
export function describeForCustomer(event: RecordedEvent, viewerId: string, before?: Schedule): { who: string; summary: string } {
  const mine = event.metadata.actor !== null && event.metadata.actor === viewerId;
  const who = mine ? 'You' : event.metadata.role === 'admin' || event.metadata.role === 'system' ? 'Our team' : 'You';
  switch (event.type) {
    case 'BookingRequested': {
      const d = event.data;
      const when = days(d.startDate, d.finishDate);
      if (d.source === 'quote') return { who: 'Our team', summary: `We booked the job from your approved quote, for ${when}` };
      if (d.source === 'admin' || !mine) return { who: 'Our team', summary: `We booked this job for you, for ${when}` };
      return { who, summary: `You asked us to book this job for ${when}` };
    }
    case 'BookingStatusChanged':
      if (who === 'You' && event.data.to === 'cancelled') return { who, summary: 'You cancelled this booking request' };
      return { who, summary: STATUS_WORDS[event.data.to] ?? `The status changed to ${event.data.to.replace(/_/g, ' ')}` };
    case 'BookingDetailsChanged': {
      const fields = Object.keys(event.data).filter((k) => k !== 'bookingId');
      // 'You changed the dates (was …; now …)', not 'You updated the start date, finish date (was …'.
      const timing = fields.filter((f) => (SCHEDULE_FIELDS as readonly string[]).includes(f));
      const other = fields.filter((f) => !timing.includes(f));
      const done = [
        ...(other.length > 0 ? [`updated the ${joinWords(other.map((f) => BOOKING_FIELD_WORDS[f] ?? f))}`] : []),
        ...(timing.length > 0 ? [`changed the ${timingWords(timing)}`] : []),
      ];
      if (done.length === 0) return { who, summary: 'The booking was updated' };
      return { who, summary: `${who === 'You' ? 'You' : 'We'} ${done.join(' and ')}${movedWords(event.data, before)}` };
    }
    case 'MessagePosted':
      return event.data.isFromAdmin ? { who: 'Our team', summary: 'We sent you a message' } : { who: 'You', summary: 'You sent us a message' };
    case 'BookingReminderSent':
      return { who: 'Our team', summary: `We emailed you a reminder for ${dayWords(event.data.startDate)}` };
    default:
      return { who, summary: 'The booking was updated' };
  }
}
