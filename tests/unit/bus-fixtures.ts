import type { CommandContext, UnitOfWork } from '#data/command-bus.ts';
import { bookingDecider } from '#domain/deciders/booking.ts';
import { streamId } from '#domain/deciders/decider.ts';
import { bookingId, bookingRequested } from './fixtures.ts';

/** Ann, whose the fixture booking is, as the vault keys her. */
export const annSubject = 'email:ann@example.com';

/** The admin's command context at a fixed time; with no `commandId` the command keeps no idempotency record. */
export const adminCtx = (commandId: string | null = null, fingerprint = 'f'): CommandContext => ({
  commandId,
  fingerprint,
  actor: 'admin-1',
  role: 'admin',
  now: new Date('2026-11-22T10:00:00Z'),
});

/** Requests the fixture booking (or one under `id`) in a unit of work. */
export const requestBooking = (uow: UnitOfWork, id = bookingId) =>
  uow.handle(streamId.booking(id), bookingDecider, { type: 'RequestBooking', data: bookingRequested({ bookingId: id }).data }, { subject: annSubject });

/** Confirms the fixture booking in a unit of work. */
export const confirmBooking = (uow: UnitOfWork) =>
  uow.handle(streamId.booking(bookingId), bookingDecider, { type: 'ChangeBookingStatus', data: { bookingId, status: 'confirmed' } });
