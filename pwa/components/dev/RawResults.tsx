import type { RawResult } from './dev-tools.ts';
import './dev.css';

/** The answers of the calls made so far, newest first, and the cookies the page's script can see. */
export function RawResults({ results }: { results: readonly RawResult[] }) {
  const cookies = typeof document === 'undefined' ? '' : document.cookie;
  return (
    <div className="dev-results">
      <h2>Results</h2>
      {results.length === 0 ? <p>No calls yet.</p> : null}
      <ol aria-live="polite">
        {results.map((result) => (
          <li key={result.at + result.label} className="card">
            <p className="dev-results__head">
              <strong>{result.label}</strong>
              <span className={result.status >= 200 && result.status < 300 ? 'dev-ok' : 'dev-bad'}>
                {result.status === 0 ? 'no answer' : `HTTP ${result.status}`}
              </span>
              <time dateTime={result.at}>{result.at}</time>
            </p>
            {/* Focusable: a long answer scrolls, and keyboard users must be able to scroll it too. */}
            <pre tabIndex={0}>{result.body || '(empty body)'}</pre>
          </li>
        ))}
      </ol>
      <h2>Browser cookies</h2>
      <p>
        Readable by scripts: <code>{cookies || '(none)'}</code>. The session cookie is httpOnly, so only the server sees it: the debug call lists the names of
        the cookies it received.
      </p>
    </div>
  );
}
