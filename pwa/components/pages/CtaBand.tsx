import { useId } from 'react';
import type { ReactNode } from 'react';
import './pages.css';

/**
 * The closing call to action of a page: a heading, a sentence and the ways to get in touch, in a dark
 * rounded panel that stands apart from the (also dark) footer below it. `id` is the anchor buttons
 * scroll to (the town pages' #quote).
 */
export function CtaBand({ id, heading, text, children, note }: { id: string; heading: ReactNode; text: string; children: ReactNode; note?: ReactNode }) {
  const headingId = `${useId()}cta`;
  return (
    <section id={id} className="section pg-cta-section" aria-labelledby={headingId}>
      <div className="container">
        <div className="pg-cta">
          <h2 id={headingId}>{heading}</h2>
          <p className="pg-cta__text">{text}</p>
          <div className="btn-row pg-cta__actions">{children}</div>
          {note ? <p className="pg-cta__note">{note}</p> : null}
        </div>
      </div>
    </section>
  );
}
