import { describe, expect, it } from 'vitest';
import { bookingDecider, newBookingData } from '#domain/deciders/booking.ts';
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
      .given([bookingRequested()])
      .when({ type: 'ChangeBookingStatus', data: { bookingId, status: 'confirmed' } })
      .thenEvents([{ type: 'BookingStatusChanged', data: { bookingId, from: 'pending', to: 'confirmed' } }]);
  });

  it('appends nothing when the status is already the one asked for', () => {
    booking.given([bookingRequested({ status: 'confirmed' })]).when({ type: 'ChangeBookingStatus', data: { bookingId, status: 'confirmed' } }).thenEvents([]);
  });

  it('lets the admin set any status from any other (seed point 4)', () => {
    booking
      .given([bookingRequested(), { type: 'BookingStatusChanged', data: { bookingId, from: 'pending', to: 'cancelled' } }])
      .when({ type: 'ChangeBookingStatus', data: { bookingId, status: 'in_progress' } })
      .thenEvents([{ type: 'BookingStatusChanged', data: { bookingId, from: 'cancelled', to: 'in_progress' } }]);
  });

  it('cannot change a booking that does not exist', () => {
    booking.given([]).when({ type: 'ChangeBookingStatus', data: { bookingId, status: 'confirmed' } }).thenThrows('booking_not_found');
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

  it('honours the admin: a manual booking defaults to confirmed', () => {
    const { status: _s, ...noStatus } = dates;
    expect(newBookingData(noStatus, { bookingId, userId: null }, 'admin')).toMatchObject({ status: 'confirmed', isManualBooking: true, source: 'admin' });
    expect(newBookingData({ ...dates, status: 'in_progress' }, { bookingId, userId: null }, 'admin').status).toBe('in_progress');
  });
});
