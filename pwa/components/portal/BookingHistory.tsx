import { useEffect, useState } from 'react';
import type { HistoryEntryView } from '#domain/views.ts';
import { inTime } from '../../lib/in-time.ts';
import { needsServerWords } from '../offline/needs-server.ts';
import { formatWhen } from './format.ts';

/** The server's answer, not the connection's failure. */
class Refused extends Error {}

type State = { kind: 'loading' } | { kind: 'ready'; entries: HistoryEntryView[] } | { kind: 'failed'; message: string };

/**
 * A booking's history in the customer's words (GET /api/bookings/{id}/timeline): what changed and when. Asked
 * for when opened; it needs the connection.
 */
export function BookingHistory({ bookingId }: { bookingId: string }) {
  const [state, setState] = useState<State>({ kind: 'loading' });
  // Each Try again asks afresh (closing the history and opening it again was the only way).
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    let alive = true;
    // In time: on one bar of signal a request can hang, and "Loading the history…" stayed for ever.
    inTime(async (signal) => {
      const response = await fetch(`/api/bookings/${encodeURIComponent(bookingId)}/timeline`, { credentials: 'same-origin', headers: { Accept: 'application/json' }, signal });
      if (!response.ok) throw new Refused(response.status === 404 ? 'We have no history for this booking yet.' : 'We could not load the history. Please try again.');
      return (await response.json()) as HistoryEntryView[];
    }).then(
      (entries) => alive && setState({ kind: 'ready', entries }),
      (error: unknown) =>
        alive && setState({ kind: 'failed', message: error instanceof Refused ? error.message : needsServerWords(navigator.onLine ? 'unreachable' : 'offline', 'the history') }),
    );
    return () => {
      alive = false;
    };
  }, [bookingId, asked]);
  if (state.kind === 'loading') return <p role="status">Loading the history…</p>;
  if (state.kind === 'failed') {
    return (
      <div role="alert">
        <p>{state.message}</p>
        <button
          type="button"
          className="btn btn--secondary btn--small"
          onClick={() => {
            setState({ kind: 'loading' });
            setAsked(asked + 1);
          }}
        >
          Try again
        </button>
      </div>
    );
  }
  if (state.entries.length === 0) return <p>Nothing has changed on this booking yet.</p>;
  return (
    <ol className="portal-history">
      {state.entries.map((entry, index) => (
        <li key={`${entry.at}-${index}`}>
          {/* A change that waited on a device for signal: when it was made there, and when it reached us. */}
          <time dateTime={entry.madeAt ?? entry.at}>{formatWhen(entry.madeAt ?? entry.at)}</time> <span>{entry.summary}</span>
          {entry.madeAt ? <span className="portal-muted"> (made with no signal; sent {formatWhen(entry.at)})</span> : null}
        </li>
      ))}
    </ol>
  );
}
