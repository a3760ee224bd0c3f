import type { BookingView } from '#domain/views.ts';
import { PAYMENTS_KEPT_FROM } from '#domain/payment.ts';

type Dated = Pick<BookingView, 'startDate' | 'finishDate' | 'preferredDate' | 'startTime' | 'status'>;

/** Work that is over or will not happen: it goes after the jobs still to do. */
const DONE = new Set(['completed', 'cancelled']);

/**
 * A job's group in byJobDay: 0, still to do on today or later; 1, still to do with no day yet; 2, the rest (past,
 * completed or cancelled).
 */
export function jobRank(job: Dated, today: string): 0 | 1 | 2 {
  const start = job.startDate || job.preferredDate || null;
  if (DONE.has((job.status || 'pending').replace(/-/g, '_'))) return 2;
  if (start === null) return 1;
  return (job.finishDate || start) >= today ? 0 : 2;
}

/**
 * Jobs by the day of the work, as the electrician plans a week: first the jobs still to do that are on today or
 * later — a job of several days that began before today and ends today or later among them — soonest start first
 * (by start time within a day); then those still to do with no day yet; then the rest (past, completed or
 * cancelled), the latest first. A job's day is its start, else the day the customer asked for. `today` is
 * yyyy-MM-dd (UK). A new array; ties keep the list's own order. `rankOf` gives a job's group (jobRank by default;
 * the job list keeps the group a job was shown in, so one marked completed stays where it was: BookingsTab).
 */
export function byJobDay<T extends Dated>(jobs: readonly T[], today: string, rankOf: (job: T) => number = (job) => jobRank(job, today)): T[] {
  return jobs
    .map((job, at) => {
      const start = job.startDate || job.preferredDate || null;
      return { job, at, start, rank: rankOf(job) };
    })
    .sort((a, b) => {
      if (a.rank !== b.rank) return a.rank - b.rank;
      if (a.start !== b.start) {
        if (a.start === null) return 1;
        if (b.start === null) return -1;
        return a.rank === 2 ? b.start.localeCompare(a.start) : a.start.localeCompare(b.start);
      }
      if (a.rank === 0) {
        const byTime = (a.job.startTime ?? '').localeCompare(b.job.startTime ?? '');
        if (byTime !== 0) return byTime;
      }
      return a.at - b.at;
    })
    .map(({ job }) => job);
}

/** Statuses of a job that is booked: it holds its slot until it is marked completed (or cancelled). */
const BOOKED = new Set(['confirmed', 'in_progress']);

/** Whether the job's days include `day` (yyyy-MM-dd) and it will happen (not cancelled). */
export function onDay(job: Pick<BookingView, 'startDate' | 'finishDate' | 'status'>, day: string): boolean {
  if (!job.startDate || (job.status || 'pending').replace(/-/g, '_') === 'cancelled') return false;
  return job.startDate <= day && day <= (job.finishDate || job.startDate);
}

/** Whether a booked job's last day has gone by without it being marked completed (or cancelled): it needs closing. */
export function stillOpen(job: Pick<BookingView, 'startDate' | 'finishDate' | 'status'>, today: string): boolean {
  const last = job.finishDate || job.startDate;
  return BOOKED.has((job.status || 'pending').replace(/-/g, '_')) && last !== null && last < today;
}

/**
 * A job done and not marked paid (nor waiting to be): the money still to come in. Not one done before the app kept
 * payments (PAYMENTS_KEPT_FROM), by its last day, or by when it last changed for one with none.
 */
export function unpaid(job: Pick<BookingView, 'status' | 'startDate' | 'finishDate' | 'updatedAt' | 'paidOn'>): boolean {
  const done = job.finishDate ?? job.startDate ?? job.updatedAt.slice(0, 10);
  return (job.status || '').replace(/-/g, '_') === 'completed' && !job.paidOn && done >= PAYMENTS_KEPT_FROM;
}
