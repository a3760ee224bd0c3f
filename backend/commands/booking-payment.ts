import { bookingDecider } from '#domain/deciders/booking.ts';
import { streamId } from '#domain/deciders/decider.ts';
import { DomainError, NotFoundError } from '#domain/errors.ts';
import { personSubject } from '#domain/events.ts';
import type { BookingPaymentInput } from '#domain/schemas/booking.ts';
import { londonDay } from '#domain/schemas/date-window.ts';
import { PAID_IN_FUTURE } from '#domain/payment.ts';
import type { Command } from './unit.ts';

/** What `PUT /api/bookings/{id}/payment` asks: the job, and whether (when, how) it was paid. */
export type PaymentChange = BookingPaymentInput & { id: string };

export { PAID_IN_FUTURE };

/**
 * `PUT /api/bookings/{id}/payment`: the admin marks a job paid (on `paidOn`, today in the UK when left out; how, when
 * said) or not paid after all. The business's book-keeping: nothing is mailed, and the customer never sees it. A
 * replay (the same Idempotency-Key) appends nothing; the same mark from a second device is appended (ADR 038: a device
 * counts each mark it sends as a version).
 */
export const recordBookingPayment: Command<PaymentChange, { id: string }> = (uow, { id, paid, paidOn, method }) => {
  const stream = streamId.booking(id);
  const { state } = uow.load(stream, bookingDecider);
  if (state.status === 'none') throw new NotFoundError('booking');
  const today = londonDay(uow.now);
  const day = paid ? (paidOn ?? today) : null;
  if (day !== null && day > today) throw new DomainError('invalid_date', PAID_IN_FUTURE, { fields: { paidOn: PAID_IN_FUTURE } });
  uow.handle(stream, bookingDecider, { type: 'RecordPayment', data: { paidOn: day, method: method ?? null } }, { subject: personSubject(state.email, stream) });
  return { id };
};
