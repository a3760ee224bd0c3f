import { useRef, useState } from 'react';
import type { HistoryEntryView } from '#domain/views.ts';
import { Icon } from '../../ui/Icon.tsx';
import { inTime } from '../../../lib/in-time.ts';
import { needsServerWords } from '../../offline/needs-server.ts';
import { moment } from '../format.ts';

/**
 * A job's history (who changed what, when), read from its events on the server when opened. It needs a
 * connection; offline it says so rather than showing nothing.
 */
export function BookingHistory({ jobId, name }: { jobId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const [state, setState] = useState<{ kind: 'loading' } | { kind: 'shown'; entries: HistoryEntryView[] } | { kind: 'failed'; message: string }>({ kind: 'loading' });
  const panel = useRef<HTMLDivElement>(null);
  // Which opening an answer is for: closed and opened again on a slow signal, the first answer (without the latest
  // change) came last and stood.
  const asked = useRef(0);
  const toggle = async () => {
    const next = !open;
    setOpen(next);
    const ask = ++asked.current;
    if (!next) return;
    setState({ kind: 'loading' });
    const show = (shown: typeof state) => {
      if (asked.current === ask) setState(shown);
    };
    try {
      // In time: on one bar of signal a request can hang, and "Loading the history…" stayed for ever.
      const answer = await inTime(async (signal) => {
        const response = await fetchHistory(jobId, signal);
        return { status: response.status, entries: response.ok ? ((await response.json()) as HistoryEntryView[]) : null };
      });
      if (answer.entries) show({ kind: 'shown', entries: answer.entries });
      else show({ kind: 'failed', message: historyRefused(answer.status) });
    } catch {
      // No answer: the device's signal, or our server, as the connection line says (not "you are offline" with signal).
      show({ kind: 'failed', message: needsServerWords(navigator.onLine ? 'unreachable' : 'offline', 'the history') });
    }
  };
  return (
    <>
      <button type="button" className="btn btn--secondary admin-btn" aria-expanded={open} aria-controls={`history-${jobId}`} onClick={() => void toggle()}>
        <Icon name="clock" size={18} />
        History<span className="visually-hidden"> of {name}&rsquo;s job</span>
      </button>
      <div id={`history-${jobId}`} ref={panel} className="admin-history" hidden={!open} aria-live="polite">
        {!open ? null : state.kind === 'loading' ? (
          <p>Loading the history…</p>
        ) : state.kind === 'failed' ? (
          <p>{state.message}</p>
        ) : (
          <ol>
            {state.entries.map((entry, index) => (
              <li key={`${entry.at}-${index}`}>
                {/* A change that waited on a device for signal: when it was made there, and when it reached the server. */}
                <span className="admin-history__when">{moment(entry.madeAt ?? entry.at)}</span> <strong>{entry.who}</strong>: {entry.summary}
                {entry.madeAt ? <span className="admin-muted"> (made with no signal; sent {moment(entry.at)})</span> : null}
              </li>
            ))}
          </ol>
        )}
      </div>
    </>
  );
}

/** Why the server gave no history. */
function historyRefused(status: number): string {
  if (status === 404) return 'The server has no history for this job yet (it may still be waiting to send).';
  if (status === 401) return 'Your sign-in has ended: sign in again to see the history.';
  if (status >= 500) return 'Our server could not load the history just now. Try again in a minute.';
  return `The history could not be loaded (${status}).`;
}

/** A job's history from the server, as it is now (the panel here, and who made a conflict's version: ChangedBy). */
export function fetchHistory(jobId: string, signal?: AbortSignal): Promise<Response> {
  return fetch(`/api/bookings/${jobId}/history`, { credentials: 'same-origin', cache: 'no-store', headers: { Accept: 'application/json' }, ...(signal ? { signal } : {}) });
}
