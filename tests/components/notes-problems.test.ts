import { describe, expect, it } from 'vitest';
import type { BookingView } from '#domain/views.ts';
import { alreadyAsWanted, problemOf } from '../../pwa/components/admin/bookings/problems.ts';
import type { OutboxItem } from '../../pwa/offline/db.ts';
import { KINDS, holdsBack, movesVersion } from '../../pwa/offline/kinds.ts';
import { aRefusedChange } from './a-job.ts';

const JOB = { id: 'job-1', status: 'confirmed', notes: 'Written at the office', version: 4, updatedAt: '2026-11-25T10:00:00.000Z' } as BookingView;

/** A notes change the server refused: 409 with the job as it is now, or another refusal. */
function refusedNotes(notes: string, error: OutboxItem['error']): OutboxItem {
  const change = { kind: KINDS.bookingNotes, values: { notes }, label: 'Notes on Ned Notes’s job', method: 'PUT', path: '/api/bookings/job-1/notes', body: { notes, expectedVersion: 2 } } as const;
  return aRefusedChange('job-1', change, error);
}

describe("the admin's notes waiting on a job's card", () => {
  it('are a conflict to decide when the server refused them for notes written elsewhere, keeping the job’s status', () => {
    const item = refusedNotes('Written in the van', { status: 409, message: 'changed', fields: {}, current: JOB });
    const problem = problemOf(item, [JOB]);
    expect(problem).toEqual({ type: 'conflict', wanted: 'confirmed', theirs: JOB, item });
    expect(alreadyAsWanted(problem)).toBe(false);
  });

  it('are no conflict when the server already has the same notes (trimmed)', () => {
    const item = refusedNotes('  Written at the office \n', { status: 409, message: 'changed', fields: {}, current: JOB });
    expect(alreadyAsWanted(problemOf(item, [JOB]))).toBe(true);
  });

  it('are the server’s words for any other refusal, never a double booking', () => {
    const tooLong = refusedNotes('x', { status: 400, message: 'Too long', fields: { notes: 'Too long' } });
    expect(problemOf(tooLong, [JOB])).toMatchObject({ type: 'refused', message: 'Too long' });
    const bare409 = refusedNotes('x', { status: 409, message: 'Something else', fields: {} });
    expect(problemOf(bare409, [JOB])).toMatchObject({ type: 'refused', message: 'Something else' });
  });

  it('move the job’s version on when they land, so the changes queued after them count them, and hold those back when refused', () => {
    expect(movesVersion(KINDS.bookingNotes)).toBe(true);
    expect(holdsBack(KINDS.bookingNotes, KINDS.bookingStatus)).toBe(true);
    expect(holdsBack(KINDS.bookingNotes, KINDS.message)).toBe(false);
  });
});
