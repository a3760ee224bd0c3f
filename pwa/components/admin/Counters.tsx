import { useMemo } from 'react';
import type { BookingView } from '#domain/views.ts';
import type { JobFilter } from './search.ts';

const TILES: ReadonlyArray<{ label: string; status: JobFilter | null; tone: string }> = [
  { label: 'Total bookings', status: null, tone: 'total' },
  { label: 'Pending', status: 'pending', tone: 'pending' },
  { label: 'In progress', status: 'in_progress', tone: 'progress' },
  { label: 'Completed', status: 'completed', tone: 'done' },
];

/** The four counts of seed point 2 (missing and hyphenated statuses read as the seed reads them). */
export function countJobs(bookings: readonly Pick<BookingView, 'status'>[]): Record<'total' | JobFilter, number> {
  const counts = { total: bookings.length, pending: 0, confirmed: 0, in_progress: 0, completed: 0, cancelled: 0 };
  for (const booking of bookings) {
    const raw = booking.status || 'pending';
    // Seeded data may say 'in-progress': a string test first, as 2,000 regex replaces showed in a tablet's profile.
    const status = (raw.includes('-') ? raw.replace(/-/g, '_') : raw) as JobFilter;
    if (status in counts) counts[status] += 1;
  }
  return counts;
}

/**
 * The dashboard's counters: total, pending, in progress, completed. They count the tablet's copy with the
 * queued changes laid over it, so a status change moves them at once, with or without signal. Each one opens
 * the job list filtered to it.
 */
export function Counters({ bookings, onPick }: { bookings: readonly BookingView[] | undefined; onPick: (status: JobFilter | null) => void }) {
  const counts = useMemo(() => (bookings ? countJobs(bookings) : null), [bookings]);
  return (
    <ul className="admin-counters" aria-label="Job counts">
      {TILES.map((tile) => (
        <li key={tile.label}>
          <button type="button" className={`admin-counter admin-counter--${tile.tone}`} onClick={() => onPick(tile.status)}>
            <span className="admin-counter__value" data-testid={`count-${tile.tone}`}>
              {counts ? counts[tile.status ?? 'total'] : '–'}
            </span>
            <span className="admin-counter__label">{tile.label}</span>
            {/* What pressing it does: "2 Pending" alone read as a figure, not as a way to the list. */}
            <span className="visually-hidden">{tile.status ? ': show these jobs' : ': show all jobs'}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
