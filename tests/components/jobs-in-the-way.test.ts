import { describe, expect, it } from 'vitest';
import type { BookingView, ClashView } from '#domain/views.ts';
import { jobsInTheWay, problemOf } from '../../pwa/components/admin/bookings/problems.ts';
import type { OutboxItem } from '../../pwa/offline/db.ts';
import { KINDS } from '../../pwa/offline/kinds.ts';
import { aJob, aRefusedChange } from './a-job.ts';

/** A job's part in a clash as the server's 409 names it. */
function named(job: BookingView): ClashView {
  const { id, firstName, lastName, serviceType, status, startDate, finishDate, startTime, finishTime } = job;
  return { id, firstName, lastName, serviceType, status, startDate, finishDate, startTime, finishTime };
}

/** `job`'s confirmation, refused by the server as a double booking with `clashes`. */
function refusedConfirmation(job: BookingView, clashes?: ClashView[]): OutboxItem {
  const change = { kind: KINDS.bookingStatus, label: 'Confirm Ann Example’s job', method: 'PATCH', path: `/api/bookings/${job.id}`, body: { status: 'confirmed', expectedVersion: job.version } } as const;
  return aRefusedChange(job.id, change, { status: 409, message: 'This job overlaps another job', fields: {}, ...(clashes ? { clashes } : {}) });
}

// The panel of a confirmation refused as a double booking names the jobs in the way: those the device's copy finds,
// and those the server named that the copy has not got yet (booked on another device, not pulled yet).
describe('the jobs in the way of a refused confirmation', () => {
  const job = aJob({ startTime: '10:00', finishTime: '14:00' });
  const office = aJob({ firstName: 'Olive', lastName: 'Office', status: 'confirmed', startTime: '09:00', finishTime: '12:00', version: 2 });

  it('names the job the server named while the copy has not got it', () => {
    const problem = problemOf(refusedConfirmation(job, [named(office)]), [job]);
    expect(problem).toMatchObject({ type: 'clash', wanted: 'confirmed' });
    if (problem?.type !== 'clash') throw new Error('not a clash');
    expect(jobsInTheWay(problem, job, [job])).toEqual([named(office)]);
  });

  it('takes the copy’s version of a job it has (the fresher), and drops one the copy has moved out of the way', () => {
    const problem = problemOf(refusedConfirmation(job, [named(office)]), [job]);
    if (problem?.type !== 'clash') throw new Error('not a clash');
    const renamed = { ...office, lastName: 'Officer', version: 3 };
    expect(jobsInTheWay(problem, job, [job, renamed])).toEqual([renamed]);
    const other = aJob({ firstName: 'Hal', status: 'in_progress', startTime: '13:00', finishTime: '15:00' });
    const moved = { ...office, startDate: '2026-12-04', finishDate: '2026-12-04', version: 3 };
    expect(jobsInTheWay(problem, job, [job, moved, other])).toEqual([other]);
  });

  it('names none when the server named none and the copy finds none (an item refused before the server named them)', () => {
    const problem = problemOf(refusedConfirmation(job), [job]);
    if (problem?.type !== 'clash') throw new Error('not a clash');
    expect(jobsInTheWay(problem, job, [job])).toEqual([]);
  });
});
