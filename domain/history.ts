import type { RecordedEvent } from './events.ts';

/** What a changed booking field is called in a history line, for the admin and the customer alike. */
export const BOOKING_FIELD_WORDS: Readonly<Record<string, string>> = {
  firstName: 'first name',
  lastName: 'last name',
  email: 'e-mail address',
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

/** One line of a booking's history in words, for the admin's timeline. Pure: it reads only the event. */
export function describeBookingEvent(event: RecordedEvent): { summary: string; fields?: string[] } {
  switch (event.type) {
    case 'BookingRequested': {
      const d = event.data;
      const how = d.source === 'quote' ? 'Booked from a quote' : d.isManualBooking ? 'Manual booking added' : 'Booking requested';
      return { summary: `${how} for ${d.startDate} to ${d.finishDate}, status ${status(d.status)}` };
    }
    case 'BookingStatusChanged':
      return { summary: `Status changed from ${status(event.data.from)} to ${status(event.data.to)}` };
    case 'BookingDetailsChanged': {
      const fields = Object.keys(event.data).filter((k) => k !== 'bookingId');
      return { summary: `Changed ${fields.map((f) => BOOKING_FIELD_WORDS[f] ?? f).join(', ')}`, fields };
    }
    case 'MessagePosted':
      return { summary: event.data.isFromAdmin ? 'The team sent a message' : 'The customer sent a message' };
    default:
      return { summary: event.type };
  }
}
