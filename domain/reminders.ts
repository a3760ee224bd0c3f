import type { RecordedEvent } from './events.ts';
import { newsForCustomer } from './notices.ts';
import { SCHEDULE_FIELDS } from './schedule.ts';
import { dayAfter, londonDay, londonHour } from './days.ts';

/** From this hour, UK time, on the day before a booked job, its customer is mailed a reminder. */
export const REMINDER_HOUR = 10;

/**
 * The start day of the jobs whose customers are reminded at `now`: tomorrow in the UK, once it is REMINDER_HOUR
 * there (a server down at ten sends them when it is back, the same day); null before then.
 */
export function reminderDay(now: Date): string | null {
  if (londonHour(now) < REMINDER_HOUR) return null;
  return dayAfter(londonDay(now));
}

/**
 * Whether a booking's customer was told its dates on `day` (UK) already, by the mail that said it was confirmed
 * or that it moved: then a reminder the same day would only say it again.
 */
export function toldDatesOn(events: readonly RecordedEvent[], day: string): boolean {
  return events.some((event) => {
    if (londonDay(new Date(event.metadata.time)) !== day) return false;
    switch (event.type) {
      case 'BookingRequested':
        return newsForCustomer(null, event.data.status) === 'confirmed';
      case 'BookingStatusChanged':
        return newsForCustomer(event.data.from, event.data.to) === 'confirmed';
      case 'BookingDetailsChanged':
        return SCHEDULE_FIELDS.some((field) => field in event.data);
      default:
        return false;
    }
  });
}
