import type { BookingView } from '#domain/views.ts';

/** The day a job is for: its start, else the day the customer asked for; null when it has neither. */
function jobDay(job: Pick<BookingView, 'startDate' | 'preferredDate'>): string | null {
  return job.startDate || job.preferredDate || null;
}

/**
 * Jobs by the day of the work, as the electrician plans: today's and later ones first, soonest first (by start
 * time within a day); then those with no day yet; then past ones, the most recent first. `today` is yyyy-MM-dd
 * (UK). A new array; ties keep the list's own order.
 */
export function byJobDay<T extends Pick<BookingView, 'startDate' | 'preferredDate' | 'startTime'>>(jobs: readonly T[], today: string): T[] {
  const group = (day: string | null): number => (day === null ? 1 : day >= today ? 0 : 2);
  return jobs
    .map((job, at) => ({ job, at, day: jobDay(job) }))
    .sort((a, b) => {
      const ga = group(a.day);
      const gb = group(b.day);
      if (ga !== gb) return ga - gb;
      if (a.day !== null && b.day !== null && a.day !== b.day) return ga === 2 ? b.day.localeCompare(a.day) : a.day.localeCompare(b.day);
      if (ga === 0) {
        const byTime = (a.job.startTime ?? '').localeCompare(b.job.startTime ?? '');
        if (byTime !== 0) return byTime;
      }
      return a.at - b.at;
    })
    .map(({ job }) => job);
}
