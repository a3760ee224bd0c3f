import { useEffect, useState } from 'react';
import type { HistoryEntryView } from '#domain/views.ts';
import { fetchHistory } from './BookingHistory.tsx';

/** The history's entries that change the job itself (not its chat's or its reminders'). */
const CHANGES = new Set(['BookingRequested', 'BookingStatusChanged', 'BookingDetailsChanged', 'BookingNotesChanged', 'BookingPaymentRecorded']);

/**
 * Who made the version on the server that a change of this device was refused against, read from the job's history
 * (the panel is there because the server just answered, so it can usually be asked). A customer who withdrew their
 * request read like the office cancelling it, and "Keep mine (confirmed)" would have booked a job they had called
 * off: when it was the customer, it says so, and what keeping mine means. Nothing is shown when the history cannot be
 * had; the panel still says when the server's version was made.
 */
export function ChangedBy({ jobId }: { jobId: string }) {
  const [entry, setEntry] = useState<HistoryEntryView | null>(null);
  useEffect(() => {
    const stop = new AbortController();
    void fetchHistory(jobId, stop.signal)
      .then(async (response) => (response.ok ? ((await response.json()) as HistoryEntryView[]) : []))
      .then((entries) => setEntry(entries.findLast((one) => CHANGES.has(one.type)) ?? null))
      .catch(() => undefined);
    return () => stop.abort();
  }, [jobId]);
  if (!entry) return null;
  const customer = entry.role === 'customer';
  const summary = entry.summary.charAt(0).toLowerCase() + entry.summary.slice(1);
  return (
    <p className="admin-version__who">
      By <strong>{entry.who}</strong>
      {customer ? ', the customer' : ''}: {summary}.{customer ? <strong className="admin-version__theirs"> Keeping yours goes over their own change.</strong> : null}
    </p>
  );
}
