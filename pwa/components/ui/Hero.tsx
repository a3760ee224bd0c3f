import type { ReactNode } from 'react';

/** The top of a page: the page's only h1, a lead, actions and an optional illustration beside them. */
export function Hero({ eyebrow, title, lead, actions, aside, children }: { eyebrow?: ReactNode; title: ReactNode; lead?: ReactNode; actions?: ReactNode; aside?: ReactNode; children?: ReactNode }) {
  return (
    <section className="hero">
      <div className="container hero__inner">
        <div className="hero__text">
          {eyebrow ? <span className="eyebrow hero__eyebrow">{eyebrow}</span> : null}
          <h1>{title}</h1>
          {lead ? <p className="hero__lead">{lead}</p> : null}
          {actions ? <div className="btn-row">{actions}</div> : null}
          {children}
        </div>
        {aside ? <div className="hero__aside">{aside}</div> : null}
      </div>
    </section>
  );
}
