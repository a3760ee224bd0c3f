import './status-badge.css';

/** The colour of a booking status (seed point 4): completed green, in progress blue, confirmed yellow, cancelled red, anything else grey. */
export function statusTone(status: string | null | undefined): 'green' | 'blue' | 'yellow' | 'red' | 'grey' {
  const value = (status || 'pending').replace(/-/g, '_');
  return value === 'completed' ? 'green' : value === 'in_progress' ? 'blue' : value === 'confirmed' ? 'yellow' : value === 'cancelled' ? 'red' : 'grey';
}

/**
 * A booking's status as seed point 4 shows it: underscores as spaces, coloured by statusTone; a missing
 * status reads 'pending'; the hyphenated 'in-progress' some old records carry reads as 'in progress'.
 */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  return <span className={`status-badge status-badge--${statusTone(status)}`}>{statusWords(status)}</span>;
}

/** A booking's status in words, as its badge reads: 'in progress', 'pending' for none. */
export function statusWords(status: string | null | undefined): string {
  return (status || 'pending').replace(/[-_]/g, ' ');
}
