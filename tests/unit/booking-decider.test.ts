import { describe, expect, it } from 'vitest';
import { CANCEL_TOO_LATE, DATES_TOO_LATE, bookingDecider, newBookingData } from '#domain/deciders/booking.ts';
import { CreateBookingSchema } from '#domain/schemas/booking.ts';
import { spec } from '../support/decider-spec.ts';
import { bookingId, bookingRequested } from './fixtures.ts';

const booking = spec(bookingDecider);

describe('booking decider', () => {
  it('requests a new booking', () => {
    const requested = bookingRequested();
    booking.given([]).when({ type: 'RequestBooking', data: requested.data }).thenEvents([requested]);
  });

  it('refuses to request the same booking twice', () => {
    booking.given([bookingRequested()]).when({ type: 'RequestBooking', data: bookingRequested().data }).thenThrows('booking_exists');
  });

  it('changes the status and records where it came from', () => {
    booking
      .given([bookingRequested(), { type: 'BookingDetailsChanged', data: { bookingId, phone: '01632 960999' } }])
      .when({ type: 'ChangeBookingStatus', data: { bookingId, status: 'cancelled' } })
      .thenEvents([{ type: 'BookingStatusChanged', data: { bookingId, from: 'pending', to: 'cancelled' } }]);
    booking
      .given([bookingRequested()])
      .when({ type: 'ChangeBookingStatus', data: { bookingId, status: 'confirmed' } })
      .thenEvents([{ type: 'BookingStatusChanged', data: { bookingId, from: 'pending', to: 'confirmed' } }]);
  });

  it('appends nothing when the status is already the one asked for', () => {
    booking
      .given([bookingRequested({ status: 'confirmed' })])
      .when({ type: 'ChangeBookingStatus', data: { bookingId, status: 'confirmed' } })
      .thenEvents([]);
  });

  it('lets the admin set any status from any other (seed point 4)', () => {
    booking
      .given([bookingRequested(), { type: 'BookingStatusChanged', data: { bookingId, from: 'pending', to: 'cancelled' } }])
      .when({ type: 'ChangeBookingStatus', data: { bookingId, status: 'in_progress' } })
      .thenEvents([{ type: 'BookingStatusChanged', data: { bookingId, from: 'cancelled', to: 'in_progress' } }]);
  });

  it("lets the customer withdraw a pending request once, and not a confirmed or running job", () => {
    const cancelled = { type: 'BookingStatusChanged', data: { bookingId, from: 'pending', to: 'cancelled' } } as const;
    booking.given([bookingRequested()]).when({ type: 'CancelBookingRequest' }).thenEvents([cancelled]);
    booking.given([bookingRequested(), cancelled]).when({ type: 'CancelBookingRequest' }).thenEvents([]);
    for (const status of ['confirmed', 'in_progress', 'completed'] as const) {
      booking.given([bookingRequested({ status })]).when({ type: 'CancelBookingRequest' }).thenThrows('booking_not_pending', { message: CANCEL_TOO_LATE });
    }
    booking.given([]).when({ type: 'CancelBookingRequest' }).thenThrows('booking_not_found');
  });

  it('lets the customer move a pending request to other days, the same days again changing nothing, and not a booked job', () => {
    const moved = { startDate: '2026-12-08', finishDate: '2026-12-08', startTime: '13:00', finishTime: '17:00' };
    booking
      .given([bookingRequested()])
      .when({ type: 'ChangeRequestDates', data: moved })
      .thenEvents([{ type: 'BookingDetailsChanged', data: { bookingId, startDate: '2026-12-08', finishDate: '2026-12-08', startTime: '13:00' } }]);
    booking.given([bookingRequested()]).when({ type: 'ChangeRequestDates', data: { startDate: '2026-12-01', finishDate: '2026-12-02', startTime: '09:00', finishTime: '17:00' } }).thenEvents([]);
    for (const status of ['confirmed', 'in_progress', 'completed', 'cancelled'] as const) {
      booking.given([bookingRequested({ status })]).when({ type: 'ChangeRequestDates', data: moved }).thenThrows('booking_not_pending', { message: DATES_TOO_LATE });
    }
    booking.given([]).when({ type: 'ChangeRequestDates', data: moved }).thenThrows('booking_not_found');
  });

  it('cannot change a booking that does not exist', () => {
    booking
      .given([])
      .when({ type: 'ChangeBookingStatus', data: { bookingId, status: 'confirmed' } })
      .thenThrows('booking_not_found');
  });

  it('records only the details that really changed', () => {
    booking
      .given([bookingRequested()])
      .when({ type: 'ChangeBookingDetails', data: { bookingId, changes: { phone: '01632 960999', firstName: 'Ann' } } })
      .thenEvents([{ type: 'BookingDetailsChanged', data: { bookingId, phone: '01632 960999' } }]);
  });

  it('refuses details that would make the job finish before it starts', () => {
    booking
      .given([bookingRequested()])
      .when({ type: 'ChangeBookingDetails', data: { bookingId, changes: { finishDate: '2026-11-30' } } })
      .thenThrows('invalid_dates');
  });
});

describe('booking decider: edge cases', () => {
  const detailsChanged = (changes: Record<string, unknown>) => ({ type: 'BookingDetailsChanged', data: { bookingId, ...changes } }) as const;

  it('tells the admin why a second request under the same id is refused', () => {
    booking
      .given([bookingRequested()])
      .when({ type: 'RequestBooking', data: bookingRequested().data })
      .thenThrows('booking_exists', { message: 'This booking already exists' });
  });

  it('refuses a new booking that finishes before it starts, naming the field', () => {
    booking
      .given([])
      .when({ type: 'RequestBooking', data: bookingRequested({ startDate: '2026-12-02', finishDate: '2026-12-01' }).data })
      .thenThrows('invalid_dates', { details: { fields: { finishDate: 'The finish date must be on or after the start date' } } });
    booking
      .given([])
      .when({ type: 'RequestBooking', data: bookingRequested({ finishDate: '2026-12-01', startTime: '14:00', finishTime: '10:00' }).data })
      .thenThrows('invalid_dates', { details: { fields: { finishTime: 'The finish time must be after the start time on a one-day job' } } });
  });

  it('cannot change the details of a booking that does not exist', () => {
    booking
      .given([])
      .when({ type: 'ChangeBookingDetails', data: { bookingId, changes: { phone: '01632 960999' } } })
      .thenThrows('booking_not_found', { message: 'Booking not found' });
  });

  it('appends nothing when no field is given or every field is unchanged', () => {
    booking
      .given([bookingRequested()])
      .when({ type: 'ChangeBookingDetails', data: { bookingId, changes: {} } })
      .thenEvents([]);
    booking
      .given([bookingRequested()])
      .when({ type: 'ChangeBookingDetails', data: { bookingId, changes: { phone: undefined, notes: undefined } as never } })
      .thenEvents([]);
    booking
      .given([bookingRequested()])
      .when({ type: 'ChangeBookingDetails', data: { bookingId, changes: { firstName: 'Ann', startDate: '2026-12-01' } } })
      .thenEvents([]);
  });

  it('compares with the details as last changed, not as first requested', () => {
    booking
      .given([bookingRequested(), detailsChanged({ phone: '01632 960999' })])
      .when({ type: 'ChangeBookingDetails', data: { bookingId, changes: { phone: '01632 960999', lastName: 'Jones' } } })
      .thenEvents([detailsChanged({ lastName: 'Jones' })]);
  });

  it('checks new dates against the stored ones as last changed', () => {
    booking
      .given([bookingRequested(), detailsChanged({ startDate: '2026-12-05', finishDate: '2026-12-06' })])
      .when({ type: 'ChangeBookingDetails', data: { bookingId, changes: { finishDate: '2026-12-04' } } })
      .thenThrows('invalid_dates', { details: { fields: { finishDate: 'The finish date must be on or after the start date' } } });
  });

  it('refuses clearing both dates, naming the start date', () => {
    booking
      .given([bookingRequested()])
      .when({ type: 'ChangeBookingDetails', data: { bookingId, changes: { startDate: null, finishDate: null } } })
      .thenThrows('invalid_dates', { message: 'Please select dates', details: { fields: { startDate: 'Please select dates' } } });
  });

  it('refuses clearing one date, naming the one cleared', () => {
    booking
      .given([bookingRequested()])
      .when({ type: 'ChangeBookingDetails', data: { bookingId, changes: { finishDate: null } } })
      .thenThrows('invalid_dates', { details: { fields: { finishDate: 'Please select dates' } } });
    booking
      .given([bookingRequested()])
      .when({ type: 'ChangeBookingDetails', data: { bookingId, changes: { startDate: null } } })
      .thenThrows('invalid_dates', { details: { fields: { startDate: 'Please select dates' } } });
  });
});

describe("booking decider: the admin's own notes on a job", () => {
  const notesChanged = (notes: string | null) => ({ type: 'BookingNotesChanged', data: { bookingId, notes } }) as const;
  const setNotes = (notes: string | null) => ({ type: 'ChangeBookingNotes', data: { notes } }) as const;

  it('sets notes on a new job', () => {
    booking.given([bookingRequested()]).when(setNotes('Key under the mat, dog in the garden')).thenEvents([notesChanged('Key under the mat, dog in the garden')]);
  });

  it('replaces notes, comparing with the notes as last changed', () => {
    booking
      .given([bookingRequested(), notesChanged('Old Wylex board'), notesChanged('Old Wylex board, needs a new CU')])
      .when(setNotes('Customer prefers texts'))
      .thenEvents([notesChanged('Customer prefers texts')]);
  });

  it('appends nothing when the notes are the ones the job has (a replay, a second device)', () => {
    booking.given([bookingRequested(), notesChanged('Gate code 4321')]).when(setNotes('Gate code 4321')).thenEvents([]);
    booking.given([bookingRequested()]).when(setNotes(null)).thenEvents([]);
    booking.given([bookingRequested(), notesChanged('Gate code 4321'), notesChanged(null)]).when(setNotes(null)).thenEvents([]);
  });

  it('clears notes with null', () => {
    booking.given([bookingRequested(), notesChanged('Gate code 4321')]).when(setNotes(null)).thenEvents([notesChanged(null)]);
  });

  it('keeps notes on a job in any status, a finished or cancelled one included', () => {
    for (const status of ['pending', 'confirmed', 'in_progress', 'completed', 'cancelled'] as const) {
      booking.given([bookingRequested({ status })]).when(setNotes('Paid cash')).thenEvents([notesChanged('Paid cash')]);
    }
  });

  it('is not moved by other changes to the job: a status or details change keeps the notes as they were', () => {
    booking
      .given([
        bookingRequested(),
        notesChanged('Dog in the garden'),
        { type: 'BookingStatusChanged', data: { bookingId, from: 'pending', to: 'confirmed' } },
        { type: 'BookingDetailsChanged', data: { bookingId, phone: '01632 960999' } },
      ])
      .when(setNotes('Dog in the garden'))
      .thenEvents([]);
  });

  it('cannot set notes on a booking that does not exist', () => {
    booking.given([]).when(setNotes('Anything')).thenThrows('booking_not_found', { message: 'Booking not found' });
  });
});

describe('newBookingData', () => {
  const input = CreateBookingSchema.parse({
    firstName: 'Ann',
    serviceType: 'rewiring',
    startDate: '2026-12-01',
    finishDate: '2026-12-01',
    status: 'confirmed',
    isManualBooking: true,
  });
  const dates = { ...input, startDate: '2026-12-01', finishDate: '2026-12-01' };

  it('fills the seed defaults: 09:00 to 17:00, preferred date from the start date', () => {
    const data = newBookingData(dates, { bookingId, userId: 'u1' }, 'customer');
    expect(data).toMatchObject({ startTime: '09:00', finishTime: '17:00', preferredDate: '2026-12-01', preferredTime: '09:00' });
  });

  it('ignores status and the manual flag from a customer', () => {
    const data = newBookingData(dates, { bookingId, userId: 'u1' }, 'customer');
    expect(data.status).toBe('pending');
    expect(data.isManualBooking).toBe(false);
    expect(data.source).toBe('portal');
  });

  it('keeps the preferred time given, else takes the start time', () => {
    expect(newBookingData({ ...dates, preferredTime: '10:30', startTime: '08:00' }, { bookingId, userId: 'u1' }, 'customer').preferredTime).toBe('10:30');
    expect(newBookingData({ ...dates, startTime: '08:00' }, { bookingId, userId: 'u1' }, 'customer').preferredTime).toBe('08:00');
  });

  it('links a booking made from a quote to it, and any other to none', () => {
    expect(newBookingData(dates, { bookingId, userId: null, quoteId: 'q1' }, 'admin')).toMatchObject({ quoteId: 'q1', source: 'quote' });
    expect(newBookingData(dates, { bookingId, userId: null }, 'admin').quoteId).toBeNull();
  });

  it("starts the admin's own booking, not marked manual and without a status, as pending", () => {
    const { status: _s, isManualBooking: _m, ...plain } = dates;
    expect(newBookingData(plain, { bookingId, userId: null }, 'admin')).toMatchObject({ status: 'pending', isManualBooking: false, source: 'admin' });
  });

  it('honours the admin: a manual booking defaults to confirmed', () => {
    const { status: _s, ...noStatus } = dates;
    expect(newBookingData(noStatus, { bookingId, userId: null }, 'admin')).toMatchObject({ status: 'confirmed', isManualBooking: true, source: 'admin' });
    expect(newBookingData({ ...dates, status: 'in_progress' }, { bookingId, userId: null }, 'admin').status).toBe('in_progress');
  });
});
