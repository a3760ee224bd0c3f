import { useState } from 'react';
import type { BookingView, QuoteView } from '#domain/views.ts';
import { toast } from '../../../lib/toast.ts';
import { Icon } from '../../ui/Icon.tsx';
import { today } from '../format.ts';
import { EMPTY_EXPORT, bookingsFor, download, toCsv } from './csv.ts';
import type { ExportKind } from './csv.ts';

const BUTTONS: ReadonlyArray<[ExportKind, string]> = [
  ['all', 'Export all bookings (CSV)'],
  ['today', "Today's"],
  ['pending', 'Pending'],
  ['upcoming', 'Upcoming'],
];

/**
 * CSV exports (seed point 2), made in the browser from the tablet's copy, so they work offline: every booking,
 * and the quick exports Today's, Pending and Upcoming, which say so when there is nothing to export. `quotes` give a
 * job made from a quote its agreed price.
 */
export function Exports({ bookings, quotes }: { bookings: readonly BookingView[] | undefined; quotes: readonly QuoteView[] }) {
  const [said, setSaid] = useState('');
  const run = async (kind: ExportKind) => {
    // Before the tablet's first copy is in, nothing is known: "No bookings yet" would be a file of nothing, told as fact.
    if (bookings === undefined) {
      setSaid('The jobs are still loading: export them once they show.');
      return;
    }
    const day = today();
    const rows = bookingsFor(kind, bookings, day);
    if (rows.length === 0) {
      const { title, description } = EMPTY_EXPORT[kind];
      setSaid(`${title}. ${description}`);
      void toast.info(title, description);
      return;
    }
    const name = `bookings-${kind}-${day}.csv`;
    download(toCsv(rows, quotes), name);
    // Which file to look for in the tablet's downloads.
    setSaid(`${rows.length === 1 ? '1 booking' : `${rows.length} bookings`} exported to ${name} (in your downloads).`);
  };
  return (
    <section className="admin-exports" aria-labelledby="exports-title">
      <h3 id="exports-title">Export to a spreadsheet</h3>
      <div className="admin-actions">
        {BUTTONS.map(([kind, label]) => (
          <button key={kind} type="button" className={`btn admin-btn ${kind === 'all' ? 'btn--primary' : 'btn--secondary'}`} onClick={() => void run(kind)}>
            {kind === 'all' ? <Icon name="arrow-right" size={18} /> : null}
            {label}
            {kind === 'all' ? null : <span className="visually-hidden"> bookings (CSV)</span>}
          </button>
        ))}
      </div>
      <p className="admin-muted" role="status">
        {said}
      </p>
    </section>
  );
}
