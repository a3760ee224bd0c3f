import type { ReactNode } from 'react';

/**
 * A page section: an anchor id, an optional eyebrow/title/intro header, and a tone. Headings are h2 — the
 * page's hero owns the only h1.
 */
export function Section({
  id,
  eyebrow,
  title,
  intro,
  tone = 'plain',
  center = false,
  children,
  labelledBy,
}: {
  id?: string;
  eyebrow?: ReactNode;
  title?: ReactNode;
  intro?: ReactNode;
  tone?: 'plain' | 'alt' | 'dark';
  center?: boolean;
  children?: ReactNode;
  labelledBy?: string;
}) {
  const headingId = labelledBy ?? (id ? `${id}-title` : undefined);
  return (
    <section id={id} className={`section${tone === 'plain' ? '' : ` section--${tone}`}`} aria-labelledby={title ? headingId : undefined}>
      <div className="container">
        {title || eyebrow || intro ? (
          <header className={`section__header${center ? ' section__header--center' : ''}`}>
            {eyebrow ? <span className="eyebrow">{eyebrow}</span> : null}
            {title ? <h2 id={headingId}>{title}</h2> : null}
            {intro ? <p className="lead">{intro}</p> : null}
          </header>
        ) : null}
        {children}
      </div>
    </section>
  );
}
