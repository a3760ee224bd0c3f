import { bookingDecider } from '#domain/deciders/booking.ts';
import { streamId } from '#domain/deciders/decider.ts';
import { ConflictError, NotFoundError } from '#domain/errors.ts';
import { personSubject } from '#domain/events.ts';
import type { BookingNotesInput } from '#domain/schemas/booking.ts';
import type { Command, Uow } from './unit.ts';

/** What `PUT /api/bookings/{id}/notes` asks: the job and its notes (null clears them). */
export type NotesChange = BookingNotesInput & { id: string };

/** Our text for notes that were changed elsewhere after the version the admin wrote on. */
export const NOTES_CHANGED_MEANWHILE = 'The notes on this job were changed on another device meanwhile';

/**
 * `PUT /api/bookings/{id}/notes`: the admin's own notes on a job (ADR 026), sealed under the customer's key like
 * their other fields, and never mailed or shown to them. With `notesBefore` (the notes the admin wrote over, as their
 * device showed them), notes on the server other than those are a 409 carrying the job as it is now, so a tablet that
 * was offline never overwrites notes written on another device, however its other queued changes were settled. An
 * older device sends only `expectedVersion` (the job's version it wrote on): notes changed after that version are the
 * conflict. A status or dates change meanwhile is no conflict for the notes. The same notes as the job has (a
 * replay, or two devices writing the same words) append nothing.
 */
export const changeBookingNotes: Command<NotesChange, { id: string }> = (uow, { id, notes, expectedVersion, notesBefore }) => {
  const stream = streamId.booking(id);
  const { state, version } = uow.load(stream, bookingDecider);
  if (state.status === 'none') throw new NotFoundError('booking');
  const changedMeanwhile =
    notesBefore !== undefined ? state.notes !== notesBefore : expectedVersion !== undefined && expectedVersion < version && notesChangedAfter(uow, stream, expectedVersion);
  if (state.notes !== notes && changedMeanwhile) {
    throw new ConflictError('version_conflict', NOTES_CHANGED_MEANWHILE, { current: uow.queries.booking(id) });
  }
  uow.handle(stream, bookingDecider, { type: 'ChangeBookingNotes', data: { notes } }, { subject: personSubject(state.email, stream) });
  return { id };
};

/** Whether the job's notes changed after its version `version` (a booking's stream is a few dozen events at most). */
function notesChangedAfter(uow: Uow, stream: string, version: number): boolean {
  return uow.store.readStream(stream).some((event) => event.type === 'BookingNotesChanged' && event.streamPosition > version);
}
