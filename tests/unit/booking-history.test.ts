import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bookingDecider } from '#domain/deciders/booking.ts';
import { streamId } from '#domain/deciders/decider.ts';
import { customerSees, describeForCustomer } from '#domain/customer-history.ts';
import type { RecordedEvent, Role } from '#domain/events.ts';
import { dayWords, daysWords, describeBookingEvent, withSchedules } from '#domain/history.ts';
import { bookingHistory } from '#backend/commands/bookings.ts';
import { registerOrNotifyOwner } from '#backend/commands/users.ts';
import { bookingRequested } from './fixtures.ts';
import { tempStorage } from './store.ts';

/**
 * Who the admin's booking history names for each entry: the person by name, and for a change nobody signed in
 * made, what made it. Today every change to a booking comes from a signed-in person; the other names are for
 * what a command-line tool or a future job may do.
 */
describe("the admin's booking history", () => {
  let t: ReturnType<typeof tempStorage>;
  beforeEach(() => {
    t = tempStorage();
  });
  afterEach(() => t.cleanup());

  /** A booking requested by `actor` in `role`; answers the name its history gives. */
  async function requestedBy(actor: string | null, role: Role): Promise<string | undefined> {
    const id = randomUUID();
    await t.storage.bus.execute({ commandId: null, actor, role, now: new Date() }, (uow) =>
      uow.handle(streamId.booking(id), bookingDecider, { type: 'RequestBooking', data: bookingRequested({ bookingId: id }).data }, {
        expectedVersion: 0,
        subject: 'email:ann@example.com',
      }),
    );
    return bookingHistory(t.storage.store, t.storage.queries, id)?.[0]?.who;
  }

  it('names a website visitor, the system, or an unknown maker when nobody signed in made the change', async () => {
    expect(await requestedBy(null, 'anonymous')).toBe('Website visitor');
    expect(await requestedBy(null, 'system')).toBe('System');
    expect(await requestedBy(null, 'admin')).toBe('Unknown');
  });

  it('names a person by their name, without a trailing space when they gave no last name, and one without an account as a former user', async () => {
    const { result } = await t.storage.bus.execute({ commandId: null, actor: null, role: 'anonymous', now: new Date() }, (uow) =>
      registerOrNotifyOwner(uow, { email: 'cher@example.com', firstName: 'Cher', lastName: '', passwordHash: 'x', verification: { hash: 'h', link: 'l' }, notifyOwner: true }, null),
    );

    expect(await requestedBy(result.userId, 'customer')).toBe('Cher');
    expect(await requestedBy(randomUUID(), 'customer')).toBe('Former user');
  });

  it('answers nothing for a booking that has no events', () => {
    expect(bookingHistory(t.storage.store, t.storage.queries, randomUUID())).toBeUndefined();
  });
});

describe('days in a history line', () => {
  it('writes a stored day as people in the UK do, whatever the time zone, and a range of days with "to"', () => {
    expect(dayWords('2027-01-04')).toBe('Mon 4 Jan 2027');
    expect(dayWords('2026-12-31')).toBe('Thu 31 Dec 2026');
    expect(daysWords('2027-01-04', '2027-01-06')).toBe('Mon 4 Jan 2027 to Wed 6 Jan 2027');
    expect(daysWords('2027-01-04', '2027-01-04')).toBe('Mon 4 Jan 2027');
    expect(daysWords('2027-01-04', '')).toBe('Mon 4 Jan 2027');
  });

  it('leaves text that is not a day as it is', () => {
    expect(dayWords('')).toBe('');
    expect(dayWords('next week')).toBe('next week');
  });

  it('tells the customer and the admin the days in words, not as stored', () => {
    const metadata = { time: '2026-11-25T10:00:00.000Z', commandId: 'c1', actor: null, role: 'admin' as const };
    const event: RecordedEvent = { ...bookingRequested({ startDate: '2027-01-04', finishDate: '2027-01-06' }), streamId: 'booking-1', streamPosition: 1, globalPosition: 1, metadata };
    expect(describeBookingEvent(event).summary).toMatch(/^Booking requested for Mon 4 Jan 2027 to Wed 6 Jan 2027, /);
    expect(describeForCustomer(event, 'someone-else').summary).toBe('We booked this job for you, for Mon 4 Jan 2027 to Wed 6 Jan 2027');
  });

  it("says which end of a job moved when only one of its days changed", () => {
    const metadata = { time: '2026-11-25T10:00:00.000Z', commandId: 'c2', actor: null, role: 'admin' as const };
    const changed = (data: Record<string, string>): RecordedEvent => ({
      type: 'BookingDetailsChanged',
      data: { bookingId: 'b1', ...data },
      streamId: 'booking-1',
      streamPosition: 2,
      globalPosition: 2,
      metadata,
    });
    expect(describeForCustomer(changed({ finishDate: '2027-01-08' }), 'x').summary).toBe('We changed the finish date (now finishing Fri 8 Jan 2027)');
    expect(describeForCustomer(changed({ startDate: '2027-01-05' }), 'x').summary).toBe('We changed the start date (now starting Tue 5 Jan 2027)');
    expect(describeForCustomer(changed({ startDate: '2027-01-05', finishDate: '2027-01-08' }), 'x').summary).toBe('We changed the dates (now Tue 5 Jan 2027 to Fri 8 Jan 2027)');
    expect(describeForCustomer(changed({ startTime: '10:00', finishTime: '15:00' }), 'x').summary).toMatch(/^We changed the times\b/);
    expect(describeForCustomer(changed({ phone: '01632 960999', address: '1 New Road' }), 'x').summary).toBe('We updated the phone number and address');
    expect(describeForCustomer(changed({ phone: '01632 960999', startDate: '2027-01-05' }), 'x').summary).toBe(
      'We updated the phone number and changed the start date (now starting Tue 5 Jan 2027)',
    );
    // The admin's history says where it moved too, hours included.
    expect(describeBookingEvent(changed({ startDate: '2027-01-05', finishDate: '2027-01-05', startTime: '13:00', finishTime: '15:30' })).summary).toBe(
      'Changed start date, finish date, start time, finish time (now Tue 5 Jan 2027, 13:00–15:30)',
    );
    expect(describeBookingEvent(changed({ finishDate: '2027-01-08' })).summary).toBe('Changed finish date (now finishing Fri 8 Jan 2027)');
    expect(describeBookingEvent(changed({ phone: '01632 960999' })).summary).toBe('Changed phone number');
  });

  it('says where a job was as well as where it went, from the days and hours the events before it set', () => {
    const metadata = { time: '2026-11-25T10:00:00.000Z', commandId: 'c4', actor: null, role: 'admin' as const };
    const at = (n: number, event: Pick<RecordedEvent, 'type' | 'data'>): RecordedEvent => ({ ...event, streamId: 'booking-1', streamPosition: n, globalPosition: n, metadata }) as RecordedEvent;
    const events = [
      at(1, bookingRequested({ startDate: '2027-01-04', finishDate: '2027-01-06', startTime: '09:00', finishTime: '17:00' })),
      at(2, { type: 'BookingDetailsChanged', data: { bookingId: 'b1', finishDate: '2027-01-08' } }),
      at(3, { type: 'BookingDetailsChanged', data: { bookingId: 'b1', phone: '01632 960999' } }),
      at(4, { type: 'BookingDetailsChanged', data: { bookingId: 'b1', startDate: '2027-01-11', finishDate: '2027-01-11', startTime: '13:00', finishTime: '15:30' } }),
    ];

    const lines = withSchedules(events).map(({ event, before }) => describeBookingEvent(event, before).summary);

    expect(lines.slice(1)).toEqual([
      'Changed finish date (was Mon 4 Jan 2027 to Wed 6 Jan 2027, 09:00–17:00; now Mon 4 Jan 2027 to Fri 8 Jan 2027, 09:00–17:00)',
      'Changed phone number',
      'Changed start date, finish date, start time, finish time (was Mon 4 Jan 2027 to Fri 8 Jan 2027, 09:00–17:00; now Mon 11 Jan 2027, 13:00–15:30)',
    ]);
    const [, , , last] = withSchedules(events);
    expect(describeForCustomer(last!.event, 'x', last!.before).summary).toBe(
      'We changed the dates and times (was Mon 4 Jan 2027 to Fri 8 Jan 2027, 09:00–17:00; now Mon 11 Jan 2027, 13:00–15:30)',
    );
    expect(withSchedules(events)[0]!.before).toBeUndefined();
  });
});

describe("the admin's notes in a job's history", () => {
  const metadata = { time: '2026-11-25T10:00:00.000Z', commandId: 'c3', actor: 'admin-1', role: 'admin' as const };
  const notes = (value: string | null): RecordedEvent => ({
    type: 'BookingNotesChanged',
    data: { bookingId: 'b1', notes: value },
    streamId: 'booking-1',
    streamPosition: 2,
    globalPosition: 2,
    metadata,
  });

  it('tells the admin the notes changed or were cleared, never what they say', () => {
    expect(describeBookingEvent(notes('Key under the mat'))).toEqual({ summary: 'Notes changed' });
    expect(describeBookingEvent(notes(null))).toEqual({ summary: 'Notes cleared' });
  });

  it("leaves them out of the customer's timeline, and nothing else", () => {
    expect(customerSees(notes('Key under the mat'))).toBe(false);
    expect(customerSees(notes(null))).toBe(false);
    const requested: RecordedEvent = { ...bookingRequested(), streamId: 'booking-1', streamPosition: 1, globalPosition: 1, metadata };
    expect(customerSees(requested)).toBe(true);
  });
});
